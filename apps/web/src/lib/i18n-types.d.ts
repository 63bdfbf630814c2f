import 'i18next';
import type shared from '../locales/pt.json';
import type auth from '../features/auth/locales/pt.json';
import type locations from '../features/locations/locales/pt.json';
import type assets from '../features/assets/locales/pt.json';
import type alerts from '../features/alerts/locales/pt.json';
import type home from '../features/home/locales/pt.json';
import type serviceStatus from '../features/service-status/locales/pt.json';
import type marketplace from '../features/marketplace/locales/pt.json';
import type admins from '../features/admins/locales/pt.json';
import type orders from '../features/orders/locales/pt.json';
import type office from '../features/office/locales/pt.json';
import type scanner from '../features/scanner/locales/pt.json';
import type voice from '../features/voice/locales/pt.json';
import type integrations from '../features/integrations/locales/pt.json';
import type clients from '../features/clients/locales/pt.json';

// Keys are type-checked against the Portuguese files; a feature that adds a locales/pt.json adds
// its `typeof` here. The locale test checks that en has the same keys.
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: {
      translation: typeof shared &
        typeof auth &
        typeof assets &
        typeof locations &
        typeof alerts &
        typeof home &
        typeof serviceStatus &
        typeof marketplace &
        typeof admins &
        typeof orders &
        typeof office &
        typeof scanner &
        typeof voice &
        typeof integrations &
        typeof clients;
    };
    returnNull: false;
  }
}
