/**
 * Which lesson places a widget, as the page that renders widgets knows it. A widget's share link
 * from an embed page leads into that lesson (see shareLink); the app provides the lookup (it
 * knows the lessons), so this layer never imports the lessons, the registry or a widget.
 */
import { createContext } from 'react';

/** The slug of the first lesson that places a widget (by its URL prefix), or null. */
export type LessonOfWidget = (widgetPrefix: string) => string | null;

/** No lesson known: a share link from an embed page then leads to the course home. */
export const NO_LESSONS: LessonOfWidget = () => null;

/** The lookup for widgets on this page; the app provides it at its root. */
export const WidgetPlacementContext = createContext<LessonOfWidget>(NO_LESSONS);
