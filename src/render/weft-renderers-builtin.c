/* weft-renderers-builtin.c: registers the pictures and data writers built into
 * Weft with the exporter.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "weft-exporter.h"
#include "weft-renderers-builtin.h"

/* BEGIN includes: timeline */
#include "weft-timeline-renderer.h"
/* END includes: timeline */
/* BEGIN includes: grid views */
#include "weft-matrix-renderer.h"
#include "weft-value-bars-renderer.h"
/* END includes: grid views */
/* BEGIN includes: chplvis views */
#include "weft-chplvis-pictures.h"
/* END includes: chplvis views */
/* BEGIN includes: visandor */
#include "weft-parallelism-renderer.h"
#include "weft-visandor-tree-renderer.h"
/* END includes: visandor */
/* BEGIN includes: grid writers */
#include "weft-cpc.h"
#include "weft-mda.h"
/* END includes: grid writers */
/* BEGIN includes: ddt-psv */
#include "weft-flame-graph-renderer.h"
#include "weft-psv.h"
#include "weft-tree-csv.h"
/* END includes: ddt-psv */

void
weft_renderers_register_builtin (void)
{
  /* BEGIN register: timeline */
  weft_exporter_register_view ("timeline", WEFT_VIEW_SHAPE_EVENTS, weft_timeline_draw_picture, 1600, 900);
  /* END register: timeline */
  /* BEGIN register: grid views */
  weft_exporter_register_view ("comm-matrix", WEFT_VIEW_SHAPE_MATRIX, weft_matrix_draw_picture, 1000, 1000);
  weft_exporter_register_view ("values", WEFT_VIEW_SHAPE_VALUES, weft_value_bars_draw_picture, 800, 600);
  weft_exporter_register_view ("array", WEFT_VIEW_SHAPE_MATRIX, weft_matrix_draw_picture, 1000, 1000);
  /* END register: grid views */
  /* BEGIN register: chplvis views */
  weft_exporter_register_view ("graph", WEFT_VIEW_SHAPE_MATRIX, weft_chplvis_graph_draw_picture, 1000, 1000);
  weft_exporter_register_view ("profile", WEFT_VIEW_SHAPE_PICTURE, weft_chplvis_profile_draw_picture, 1000, 800);
  /* END register: chplvis views */
  /* BEGIN register: visandor */
  weft_exporter_register_view ("tree", WEFT_VIEW_SHAPE_TREE, weft_visandor_tree_draw_picture, 1200, 900);
  weft_exporter_register_view ("parallelism", WEFT_VIEW_SHAPE_PICTURE, weft_parallelism_draw_picture, 1200, 400);
  /* END register: visandor */
  /* BEGIN register: grid writers */
  weft_exporter_register_matrix_writer ("mda-csv", weft_mda_csv_write);
  weft_exporter_register_matrix_writer ("mda-hdf5", weft_mda_hdf5_write);
  weft_exporter_register_values_writer ("cpc-csv", weft_cpc_csv_write);
  /* END register: grid writers */
  /* BEGIN register: ddt-psv */
  weft_exporter_register_view ("stacks", WEFT_VIEW_SHAPE_TREE, weft_flame_graph_draw_picture, 1200, 800);
  /* HPCToolkit's bottom-up and flat trees, whole (the page bounds its own). */
  weft_exporter_register_view ("callers", WEFT_VIEW_SHAPE_TREE, weft_flame_graph_draw_picture, 1200, 800);
  weft_exporter_register_view ("flat", WEFT_VIEW_SHAPE_TREE, weft_flame_graph_draw_picture, 1200, 800);
  weft_exporter_register_tree_writer ("psv-csv", weft_psv_csv_write);
  weft_exporter_register_tree_writer ("psv-xml", weft_psv_xml_write);
  /* Any call tree with its metrics, and comparisons, which PSV cannot hold. */
  weft_exporter_register_tree_writer ("tree-csv", weft_tree_csv_write);
  /* END register: ddt-psv */
}
