import type { ContentLanguage, ToolTextKey } from '@cacifo/contract';

/** What each text says until an operator rewrites it in the admin tools. */
export const TOOL_TEXT_DEFAULTS: Record<ToolTextKey, Record<ContentLanguage, string>> = {
  'kiosk.welcome': {
    pt: 'Bem-vindo! Toque no ecrã para começar.',
    en: 'Welcome! Touch the screen to start.',
    es: '¡Bienvenido! Toque la pantalla para empezar.',
    fr: "Bienvenue ! Touchez l'écran pour commencer.",
  },
  'kiosk.enterPin': {
    pt: 'Introduza o seu PIN de 4 dígitos.',
    en: 'Enter your 4-digit PIN.',
    es: 'Introduzca su PIN de 4 dígitos.',
    fr: 'Saisissez votre code PIN à 4 chiffres.',
  },
  'kiosk.doorOpened': {
    pt: 'A porta {door} está aberta. Feche-a no fim, por favor.',
    en: 'Door {door} is open. Please close it when you are done.',
    es: 'La puerta {door} está abierta. Ciérrela al terminar, por favor.',
    fr: 'La porte {door} est ouverte. Merci de la refermer ensuite.',
  },
  'kiosk.wrongPin': {
    pt: 'PIN errado. Tente novamente.',
    en: 'Wrong PIN. Please try again.',
    es: 'PIN incorrecto. Inténtelo de nuevo.',
    fr: 'Code PIN erroné. Veuillez réessayer.',
  },
  'kiosk.outOfService': {
    pt: 'Cacifos temporariamente fora de serviço.',
    en: 'Lockers temporarily out of service.',
    es: 'Taquillas temporalmente fuera de servicio.',
    fr: 'Casiers temporairement hors service.',
  },
  'sms.rentalStarted': {
    pt: 'O seu aluguer do cacifo {door} em {place} começou. Válido até {until}.',
    en: 'Your rental of locker {door} at {place} has started. Valid until {until}.',
    es: 'Su alquiler de la taquilla {door} en {place} ha comenzado. Válido hasta {until}.',
    fr: 'Votre location du casier {door} à {place} a commencé. Valable jusqu’au {until}.',
  },
};
