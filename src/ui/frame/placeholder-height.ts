/**
 * The height a widget's placeholder reserved, handed from its lazy wrapper to its frame: the
 * frame offers it as the default height of the widget's embed snippet. Widgets rendered without
 * a lazy wrapper (tests, previews) have none, and the frame measures itself instead.
 */
import { createContext } from 'react';

/** The placeholder height in CSS pixels at 1280 px, or null where none was reserved. */
export const PlaceholderHeightContext = createContext<number | null>(null);
