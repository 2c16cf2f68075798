/* heat.c: the made-up program of Weft's HPCToolkit demo (data/samples/heat.m);
 * its structure file puts solve, compute, exchange and main on these lines. */
#include <mpi.h>
#include "stencil.h"

static double grid[2][1024];
static void compute (const double *in, double *out, int n);
static void exchange (int rank, double *row, int n);

static void solve (int rank, int steps)
{
  for (int t = 0; t < steps; t++)
    compute (grid[t % 2], grid[(t + 1) % 2], 1024),
      exchange (rank, grid[(t + 1) % 2], 1024);

  MPI_Barrier (MPI_COMM_WORLD);
}

/* One step of the heat equation on a row of 1024 cells. */
static void compute (const double *in, double *out, int n)
{
  for (int i = 1; i < n - 1; i++)
    out[i] =
      stencil (in, i);

  /* The boundaries stay fixed. */
  out[0] = in[0], out[n - 1] = in[n - 1];
}

static void exchange (int rank, double *row, int n)
{ int peer = rank ^ 1;
  MPI_Sendrecv_replace (&row[n - 1], 1, MPI_DOUBLE, peer, 0, peer, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
}

/* Two ranks of two threads each in the demo measurement: the second thread
 * of each rank is the MPI progress thread. */

/* Reads nothing: 100 steps of a fixed grid. */

int main (int argc, char **argv)
{
  int rank;

  MPI_Init (&argc, &argv), MPI_Comm_rank (MPI_COMM_WORLD, &rank);
  solve (rank, 100);

  /* Every rank has passed the barrier at the end of solve. */


  MPI_Finalize ();
  return 0;
}
