import type { ContentLanguage } from '@cacifo/contract';

/** The public pickup page's texts, in the languages recipients get their messages in. */
export const PICKUP_PAGE_TEXTS: Record<
  ContentLanguage,
  {
    title: string;
    show: string;
    parcels: string;
    location: string;
    collectBy: string;
    invalidTitle: string;
    invalid: string;
    busyTitle: string;
    /** The wait the limiter names (ADR 0024), never "a few minutes". */
    busy: (minutes: number) => string;
  }
> = {
  pt: {
    title: 'Levantamento da sua encomenda',
    show: 'Mostre este código QR à câmara do ecrã do cacifo, ou escreva lá o código de levantamento que recebeu.',
    parcels: 'Encomendas',
    location: 'Local',
    collectBy: 'Levante até',
    invalidTitle: 'Código não válido',
    invalid:
      'Este código não é válido: a encomenda já foi levantada, o prazo de levantamento terminou ou a ligação está incompleta.',
    busyTitle: 'Demasiadas tentativas',
    busy: (m) => `Tente de novo dentro de ${m} ${m === 1 ? 'minuto' : 'minutos'}.`,
  },
  en: {
    title: 'Your parcel pickup',
    show: "Show this QR code to the camera of the locker's screen, or type the pickup code you received there.",
    parcels: 'Parcels',
    location: 'Location',
    collectBy: 'Collect by',
    invalidTitle: 'Code not valid',
    invalid:
      'This code is not valid: the parcel has been collected, its pickup time has ended, or the link is incomplete.',
    busyTitle: 'Too many attempts',
    busy: (m) => `Please try again in ${m} ${m === 1 ? 'minute' : 'minutes'}.`,
  },
  es: {
    title: 'Recogida de su paquete',
    show: 'Muestre este código QR a la cámara de la pantalla de la taquilla, o escriba allí el código de recogida que recibió.',
    parcels: 'Paquetes',
    location: 'Lugar',
    collectBy: 'Recoger antes de',
    invalidTitle: 'Código no válido',
    invalid:
      'Este código no es válido: el paquete ya se recogió, el plazo de recogida terminó o el enlace está incompleto.',
    busyTitle: 'Demasiados intentos',
    busy: (m) => `Vuelva a intentarlo dentro de ${m} ${m === 1 ? 'minuto' : 'minutos'}.`,
  },
  fr: {
    title: 'Retrait de votre colis',
    show: 'Présentez ce code QR à la caméra de l’écran du casier, ou saisissez-y le code de retrait reçu.',
    parcels: 'Colis',
    location: 'Lieu',
    collectBy: 'À retirer avant',
    invalidTitle: 'Code non valide',
    invalid:
      'Ce code n’est pas valide : le colis a été retiré, le délai de retrait est écoulé ou le lien est incomplet.',
    busyTitle: 'Trop de tentatives',
    busy: (m) => `Réessayez dans ${m} ${m <= 1 ? 'minute' : 'minutes'}.`,
  },
};
