import 'i18next';
import type shared from '../locales/pt.json';
import type auth from '../features/auth/locales/pt.json';
import type locations from '../features/locations/locales/pt.json';

// Keys are type-checked against the Portuguese files; a feature that adds a locales/pt.json adds
// its `typeof` here. The locale test checks that en has the same keys.
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: typeof shared & typeof auth & typeof locations };
    returnNull: false;
  }
}
