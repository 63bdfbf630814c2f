/*
 * Every text Cacifo shows or sends, in one place that the web and the server both import
 * (docs/adr/0230): the back-office's texts (locales/<area>/{pt,en}.json, typed keys), the kiosk's
 * (kiosk/, four languages, imported as files by the kiosk screen), and what the server says until
 * an operator rewrites it: the recipients' message templates, the public pickup page, the tool texts.
 */
export {
  TEXT_AREAS,
  TEXT_LANGUAGES,
  loadTextFile,
  loadTexts,
  textAt,
  type BackOfficeTexts,
  type Messages,
  type TextArea,
  type TextLanguage,
} from './locales.js';
export { TEMPLATE_DEFAULTS, TEMPLATE_DEFAULTS_MANY } from './message-templates.js';
export { PICKUP_PAGE_TEXTS } from './pickup-page.js';
export { TOOL_TEXT_DEFAULTS } from './tool-texts.js';
