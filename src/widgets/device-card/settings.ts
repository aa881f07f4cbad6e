/**
 * The device card's state schema: no fields, since the card only shows what this browser
 * reports and nothing measured goes in a link. It exists so the card gets the frame's Share
 * control and the anchor its link scrolls to. Pure.
 */
import { defineWidgetSchema } from '../../state/schema';

/** The device card's schema: no settings, version 1. */
export const deviceSchema = defineWidgetSchema({ id: 'device', version: 1, fields: {} });
