/**
 * Imported first by main.tsx, so that this runs before the rest of the app's code is evaluated: the page's
 * first requests (askEarly.ts) leave as soon as the main script starts, not after React has rendered.
 */
import { askEarlyForPage } from './askEarly';

askEarlyForPage(window.location.pathname);
