/**
 * The machine widget's state schema: no fields. The report stays in this browser (and in
 * progress files), never in a link; the schema gives the widget its Share control and anchor.
 * Pure.
 */
import { defineWidgetSchema } from '../../state/schema';

/** The machine widget's schema: no settings, version 1. */
export const myMachineSchema = defineWidgetSchema({ id: 'my-machine', version: 1, fields: {} });
