import 'i18next';
import type { BackOfficeTexts } from '@cacifo/texts';

// Keys are type-checked against the Portuguese files of @cacifo/texts (an area that adds a folder
// adds its `typeof` to BackOfficeTexts there). The locale test checks that en has the same keys.
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: {
      translation: BackOfficeTexts;
    };
    returnNull: false;
  }
}
