import type { ContentLanguage, TemplateEvent } from '@cacifo/contract';

type Texts = Record<ContentLanguage, string>;
interface EventTexts {
  sms: Texts;
  subject: Texts;
  email: Texts;
}

/**
 * What each message says until an operator rewrites it (Admin tools > Messages). SMS texts are
 * short (one or two segments); e-mails say the same with a greeting. `{variables}`: see
 * MESSAGE_VARIABLES in the contract.
 */
export const TEMPLATE_DEFAULTS: Record<TemplateEvent, EventTexts> = {
  pickupCode: {
    sms: {
      pt: 'Cacifo: a sua encomenda {parcels} está em {location}. Código de levantamento: {code}. Levante até {expiresAt}. QR: {qrLink}',
      en: 'Cacifo: your parcel {parcels} is at {location}. Pickup code: {code}. Collect by {expiresAt}. QR: {qrLink}',
      es: 'Cacifo: su paquete {parcels} está en {location}. Código de recogida: {code}. Recójalo antes de {expiresAt}. QR: {qrLink}',
      fr: 'Cacifo : votre colis {parcels} est à {location}. Code de retrait : {code}. À retirer avant {expiresAt}. QR : {qrLink}',
    },
    subject: {
      pt: 'A sua encomenda {packageId} está no cacifo',
      en: 'Your parcel {packageId} is in the locker',
      es: 'Su paquete {packageId} está en la taquilla',
      fr: 'Votre colis {packageId} est dans le casier',
    },
    email: {
      pt: 'Olá {name},\n\nA sua encomenda {parcels} de {store} está em {location} ({address}).\nCódigo de levantamento: {code}\nPode levantá-la até {expiresAt}. Também pode mostrar este QR no cacifo: {qrLink}\n\nObrigado.',
      en: 'Hello {name},\n\nYour parcel {parcels} from {store} is at {location} ({address}).\nPickup code: {code}\nYou can collect it until {expiresAt}. You can also show this QR at the locker: {qrLink}\n\nThank you.',
      es: 'Hola {name},\n\nSu paquete {parcels} de {store} está en {location} ({address}).\nCódigo de recogida: {code}\nPuede recogerlo hasta {expiresAt}. También puede mostrar este QR en la taquilla: {qrLink}\n\nGracias.',
      fr: 'Bonjour {name},\n\nVotre colis {parcels} de {store} est à {location} ({address}).\nCode de retrait : {code}\nVous pouvez le retirer jusqu’au {expiresAt}. Vous pouvez aussi présenter ce QR au casier : {qrLink}\n\nMerci.',
    },
  },
  codeResent: {
    sms: {
      pt: 'Cacifo: novo código para {parcels} em {location}: {code}. O anterior deixou de funcionar. QR: {qrLink}',
      en: 'Cacifo: new code for {parcels} at {location}: {code}. The previous one no longer works. QR: {qrLink}',
      es: 'Cacifo: nuevo código para {parcels} en {location}: {code}. El anterior ya no funciona. QR: {qrLink}',
      fr: 'Cacifo : nouveau code pour {parcels} à {location} : {code}. L’ancien ne fonctionne plus. QR : {qrLink}',
    },
    subject: {
      pt: 'Novo código de levantamento para {packageId}',
      en: 'New pickup code for {packageId}',
      es: 'Nuevo código de recogida para {packageId}',
      fr: 'Nouveau code de retrait pour {packageId}',
    },
    email: {
      pt: 'Olá {name},\n\nO novo código de levantamento da encomenda {parcels} em {location} é {code}. O código anterior deixou de funcionar.\nQR: {qrLink}\nPode levantá-la até {expiresAt}.',
      en: 'Hello {name},\n\nThe new pickup code for parcel {parcels} at {location} is {code}. The previous code no longer works.\nQR: {qrLink}\nYou can collect it until {expiresAt}.',
      es: 'Hola {name},\n\nEl nuevo código de recogida del paquete {parcels} en {location} es {code}. El código anterior ya no funciona.\nQR: {qrLink}\nPuede recogerlo hasta {expiresAt}.',
      fr: 'Bonjour {name},\n\nLe nouveau code de retrait du colis {parcels} à {location} est {code}. L’ancien code ne fonctionne plus.\nQR : {qrLink}\nVous pouvez le retirer jusqu’au {expiresAt}.',
    },
  },
  reminder: {
    sms: {
      pt: 'Lembrete Cacifo: a encomenda {parcels} aguarda levantamento em {location} até {expiresAt}. Código: {code}',
      en: 'Cacifo reminder: parcel {parcels} is waiting at {location} until {expiresAt}. Code: {code}',
      es: 'Recordatorio Cacifo: el paquete {parcels} le espera en {location} hasta {expiresAt}. Código: {code}',
      fr: 'Rappel Cacifo : le colis {parcels} vous attend à {location} jusqu’au {expiresAt}. Code : {code}',
    },
    subject: {
      pt: 'Lembrete: a encomenda {packageId} aguarda levantamento',
      en: 'Reminder: parcel {packageId} is waiting for you',
      es: 'Recordatorio: el paquete {packageId} le espera',
      fr: 'Rappel : le colis {packageId} vous attend',
    },
    email: {
      pt: 'Olá {name},\n\nA encomenda {parcels} continua em {location} ({address}) até {expiresAt}.\nCódigo de levantamento: {code}',
      en: 'Hello {name},\n\nParcel {parcels} is still at {location} ({address}) until {expiresAt}.\nPickup code: {code}',
      es: 'Hola {name},\n\nEl paquete {parcels} sigue en {location} ({address}) hasta {expiresAt}.\nCódigo de recogida: {code}',
      fr: 'Bonjour {name},\n\nLe colis {parcels} est toujours à {location} ({address}) jusqu’au {expiresAt}.\nCode de retrait : {code}',
    },
  },
  lastDay: {
    sms: {
      pt: 'Cacifo: último dia! A encomenda {parcels} em {location} será devolvida a {expiresAt}. Código: {code}',
      en: 'Cacifo: last day! Parcel {parcels} at {location} will be returned on {expiresAt}. Code: {code}',
      es: 'Cacifo: ¡último día! El paquete {parcels} en {location} se devolverá el {expiresAt}. Código: {code}',
      fr: 'Cacifo : dernier jour ! Le colis {parcels} à {location} sera retourné le {expiresAt}. Code : {code}',
    },
    subject: {
      pt: 'Último dia para levantar a encomenda {packageId}',
      en: 'Last day to collect parcel {packageId}',
      es: 'Último día para recoger el paquete {packageId}',
      fr: 'Dernier jour pour retirer le colis {packageId}',
    },
    email: {
      pt: 'Olá {name},\n\nA encomenda {parcels} em {location} será devolvida ao remetente a {expiresAt} se não for levantada.\nCódigo de levantamento: {code}',
      en: 'Hello {name},\n\nParcel {parcels} at {location} goes back to the sender on {expiresAt} unless you collect it.\nPickup code: {code}',
      es: 'Hola {name},\n\nEl paquete {parcels} en {location} se devolverá al remitente el {expiresAt} si no lo recoge.\nCódigo de recogida: {code}',
      fr: 'Bonjour {name},\n\nLe colis {parcels} à {location} sera retourné à l’expéditeur le {expiresAt} s’il n’est pas retiré.\nCode de retrait : {code}',
    },
  },
  expired: {
    sms: {
      pt: 'Cacifo: o prazo de levantamento da encomenda {packageId} terminou; vai ser devolvida a {store}.',
      en: 'Cacifo: the pickup time for parcel {packageId} has ended; it will be returned to {store}.',
      es: 'Cacifo: el plazo de recogida del paquete {packageId} terminó; se devolverá a {store}.',
      fr: 'Cacifo : le délai de retrait du colis {packageId} est écoulé ; il sera retourné à {store}.',
    },
    subject: {
      pt: 'A encomenda {packageId} não foi levantada',
      en: 'Parcel {packageId} was not collected',
      es: 'El paquete {packageId} no fue recogido',
      fr: 'Le colis {packageId} n’a pas été retiré',
    },
    email: {
      pt: 'Olá {name},\n\nO prazo para levantar a encomenda {packageId} em {location} terminou. Vai ser devolvida a {store}.',
      en: 'Hello {name},\n\nThe time to collect parcel {packageId} at {location} has ended. It will be returned to {store}.',
      es: 'Hola {name},\n\nEl plazo para recoger el paquete {packageId} en {location} terminó. Se devolverá a {store}.',
      fr: 'Bonjour {name},\n\nLe délai pour retirer le colis {packageId} à {location} est écoulé. Il sera retourné à {store}.',
    },
  },
  cancelled: {
    sms: {
      pt: 'Cacifo: a entrega da encomenda {packageId} em {location} foi cancelada. O código deixou de funcionar.',
      en: 'Cacifo: the delivery of parcel {packageId} at {location} was cancelled. The code no longer works.',
      es: 'Cacifo: la entrega del paquete {packageId} en {location} fue cancelada. El código ya no funciona.',
      fr: 'Cacifo : la livraison du colis {packageId} à {location} a été annulée. Le code ne fonctionne plus.',
    },
    subject: {
      pt: 'Entrega da encomenda {packageId} cancelada',
      en: 'Delivery of parcel {packageId} cancelled',
      es: 'Entrega del paquete {packageId} cancelada',
      fr: 'Livraison du colis {packageId} annulée',
    },
    email: {
      pt: 'Olá {name},\n\nA entrega da encomenda {packageId} em {location} foi cancelada por {store}. O código de levantamento deixou de funcionar.',
      en: 'Hello {name},\n\nThe delivery of parcel {packageId} at {location} was cancelled by {store}. The pickup code no longer works.',
      es: 'Hola {name},\n\nLa entrega del paquete {packageId} en {location} fue cancelada por {store}. El código de recogida ya no funciona.',
      fr: 'Bonjour {name},\n\nLa livraison du colis {packageId} à {location} a été annulée par {store}. Le code de retrait ne fonctionne plus.',
    },
  },
  collected: {
    sms: {
      pt: 'Cacifo: a encomenda {packageId} foi levantada do cacifo {door} em {location}. Não foi você? Contacte {store}.',
      en: 'Cacifo: parcel {packageId} was collected from locker {door} at {location}. Not you? Contact {store}.',
      es: 'Cacifo: el paquete {packageId} fue recogido de la taquilla {door} en {location}. ¿No fue usted? Contacte con {store}.',
      fr: 'Cacifo : le colis {packageId} a été retiré du casier {door} à {location}. Ce n’était pas vous ? Contactez {store}.',
    },
    subject: {
      pt: 'Encomenda {packageId} levantada',
      en: 'Parcel {packageId} collected',
      es: 'Paquete {packageId} recogido',
      fr: 'Colis {packageId} retiré',
    },
    email: {
      pt: 'Olá {name},\n\nA encomenda {packageId} de {store} foi levantada do cacifo {door} em {location} ({address}).\nSe não foi você, contacte {store}.',
      en: 'Hello {name},\n\nParcel {packageId} from {store} was collected from locker {door} at {location} ({address}).\nIf it was not you, please contact {store}.',
      es: 'Hola {name},\n\nEl paquete {packageId} de {store} fue recogido de la taquilla {door} en {location} ({address}).\nSi no fue usted, contacte con {store}.',
      fr: 'Bonjour {name},\n\nLe colis {packageId} de {store} a été retiré du casier {door} à {location} ({address}).\nSi ce n’était pas vous, contactez {store}.',
    },
  },
  returned: {
    sms: {
      pt: 'Cacifo: a encomenda {packageId} não foi levantada em {location} e foi retirada do cacifo {door} para devolução.',
      en: 'Cacifo: parcel {packageId} was not collected at {location} and was taken out of locker {door} to be returned.',
      es: 'Cacifo: el paquete {packageId} no se recogió en {location} y se retiró de la taquilla {door} para su devolución.',
      fr: 'Cacifo : le colis {packageId} n’a pas été retiré à {location} et a été sorti du casier {door} pour retour.',
    },
    subject: {
      pt: 'Devolução da encomenda {packageId}',
      en: 'Parcel {packageId} returned',
      es: 'Devolución del paquete {packageId}',
      fr: 'Retour du colis {packageId}',
    },
    email: {
      pt: 'Olá,\n\nA encomenda {packageId} (destinatário {name}) não foi levantada em {location} até {expiresAt}. Foi retirada do cacifo {door} e está a ser devolvida.',
      en: 'Hello,\n\nParcel {packageId} (recipient {name}) was not collected at {location} by {expiresAt}. It was taken out of locker {door} and is on its way back.',
      es: 'Hola,\n\nEl paquete {packageId} (destinatario {name}) no se recogió en {location} antes de {expiresAt}. Se retiró de la taquilla {door} y está siendo devuelto.',
      fr: 'Bonjour,\n\nLe colis {packageId} (destinataire {name}) n’a pas été retiré à {location} avant le {expiresAt}. Il a été sorti du casier {door} et vous est retourné.',
    },
  },
};

/**
 * The built-in texts when one code opens several parcels of the recipient (`{parcels}` is then a
 * list: "SGPT1 e SGPT2"), in the plural; one parcel keeps TEMPLATE_DEFAULTS. Only the events that
 * carry the code name the parcels sharing it. A template an operator saved is used as written for
 * one parcel and for several alike.
 */
export const TEMPLATE_DEFAULTS_MANY: Partial<Record<TemplateEvent, EventTexts>> = {
  pickupCode: {
    sms: {
      pt: 'Cacifo: as suas encomendas {parcels} estão em {location}. Código de levantamento: {code}. Levante até {expiresAt}. QR: {qrLink}',
      en: 'Cacifo: your parcels {parcels} are at {location}. Pickup code: {code}. Collect by {expiresAt}. QR: {qrLink}',
      es: 'Cacifo: sus paquetes {parcels} están en {location}. Código de recogida: {code}. Recójalos antes de {expiresAt}. QR: {qrLink}',
      fr: 'Cacifo : vos colis {parcels} sont à {location}. Code de retrait : {code}. À retirer avant {expiresAt}. QR : {qrLink}',
    },
    subject: {
      pt: 'As suas encomendas {parcels} estão nos cacifos',
      en: 'Your parcels {parcels} are in the lockers',
      es: 'Sus paquetes {parcels} están en las taquillas',
      fr: 'Vos colis {parcels} sont dans les casiers',
    },
    email: {
      pt: 'Olá {name},\n\nAs suas encomendas {parcels} estão em {location} ({address}).\nCódigo de levantamento (abre todas): {code}\nPode levantá-las até {expiresAt}. Também pode mostrar este QR no cacifo: {qrLink}\n\nObrigado.',
      en: 'Hello {name},\n\nYour parcels {parcels} are at {location} ({address}).\nPickup code (opens them all): {code}\nYou can collect them until {expiresAt}. You can also show this QR at the locker: {qrLink}\n\nThank you.',
      es: 'Hola {name},\n\nSus paquetes {parcels} están en {location} ({address}).\nCódigo de recogida (abre todos): {code}\nPuede recogerlos hasta {expiresAt}. También puede mostrar este QR en la taquilla: {qrLink}\n\nGracias.',
      fr: 'Bonjour {name},\n\nVos colis {parcels} sont à {location} ({address}).\nCode de retrait (pour tous) : {code}\nVous pouvez les retirer jusqu’au {expiresAt}. Vous pouvez aussi présenter ce QR au casier : {qrLink}\n\nMerci.',
    },
  },
  codeResent: {
    sms: {
      pt: 'Cacifo: novo código para as encomendas {parcels} em {location}: {code}. O anterior deixou de funcionar. QR: {qrLink}',
      en: 'Cacifo: new code for parcels {parcels} at {location}: {code}. The previous one no longer works. QR: {qrLink}',
      es: 'Cacifo: nuevo código para los paquetes {parcels} en {location}: {code}. El anterior ya no funciona. QR: {qrLink}',
      fr: 'Cacifo : nouveau code pour les colis {parcels} à {location} : {code}. L’ancien ne fonctionne plus. QR : {qrLink}',
    },
    subject: {
      pt: 'Novo código de levantamento para as encomendas {parcels}',
      en: 'New pickup code for parcels {parcels}',
      es: 'Nuevo código de recogida para los paquetes {parcels}',
      fr: 'Nouveau code de retrait pour les colis {parcels}',
    },
    email: {
      pt: 'Olá {name},\n\nO novo código de levantamento das encomendas {parcels} em {location} é {code}. O código anterior deixou de funcionar.\nQR: {qrLink}\nPode levantá-las até {expiresAt}.',
      en: 'Hello {name},\n\nThe new pickup code for parcels {parcels} at {location} is {code}. The previous code no longer works.\nQR: {qrLink}\nYou can collect them until {expiresAt}.',
      es: 'Hola {name},\n\nEl nuevo código de recogida de los paquetes {parcels} en {location} es {code}. El código anterior ya no funciona.\nQR: {qrLink}\nPuede recogerlos hasta {expiresAt}.',
      fr: 'Bonjour {name},\n\nLe nouveau code de retrait des colis {parcels} à {location} est {code}. L’ancien code ne fonctionne plus.\nQR : {qrLink}\nVous pouvez les retirer jusqu’au {expiresAt}.',
    },
  },
  reminder: {
    sms: {
      pt: 'Lembrete Cacifo: as encomendas {parcels} aguardam levantamento em {location} até {expiresAt}. Código: {code}',
      en: 'Cacifo reminder: parcels {parcels} are waiting at {location} until {expiresAt}. Code: {code}',
      es: 'Recordatorio Cacifo: los paquetes {parcels} le esperan en {location} hasta {expiresAt}. Código: {code}',
      fr: 'Rappel Cacifo : les colis {parcels} vous attendent à {location} jusqu’au {expiresAt}. Code : {code}',
    },
    subject: {
      pt: 'Lembrete: as encomendas {parcels} aguardam levantamento',
      en: 'Reminder: parcels {parcels} are waiting for you',
      es: 'Recordatorio: los paquetes {parcels} le esperan',
      fr: 'Rappel : les colis {parcels} vous attendent',
    },
    email: {
      pt: 'Olá {name},\n\nAs encomendas {parcels} continuam em {location} ({address}) até {expiresAt}.\nCódigo de levantamento: {code}',
      en: 'Hello {name},\n\nParcels {parcels} are still at {location} ({address}) until {expiresAt}.\nPickup code: {code}',
      es: 'Hola {name},\n\nLos paquetes {parcels} siguen en {location} ({address}) hasta {expiresAt}.\nCódigo de recogida: {code}',
      fr: 'Bonjour {name},\n\nLes colis {parcels} sont toujours à {location} ({address}) jusqu’au {expiresAt}.\nCode de retrait : {code}',
    },
  },
  lastDay: {
    sms: {
      pt: 'Cacifo: último dia! As encomendas {parcels} em {location} serão devolvidas a {expiresAt}. Código: {code}',
      en: 'Cacifo: last day! Parcels {parcels} at {location} will be returned on {expiresAt}. Code: {code}',
      es: 'Cacifo: ¡último día! Los paquetes {parcels} en {location} se devolverán el {expiresAt}. Código: {code}',
      fr: 'Cacifo : dernier jour ! Les colis {parcels} à {location} seront retournés le {expiresAt}. Code : {code}',
    },
    subject: {
      pt: 'Último dia para levantar as encomendas {parcels}',
      en: 'Last day to collect parcels {parcels}',
      es: 'Último día para recoger los paquetes {parcels}',
      fr: 'Dernier jour pour retirer les colis {parcels}',
    },
    email: {
      pt: 'Olá {name},\n\nAs encomendas {parcels} em {location} serão devolvidas ao remetente a {expiresAt} se não forem levantadas.\nCódigo de levantamento: {code}',
      en: 'Hello {name},\n\nParcels {parcels} at {location} go back to the sender on {expiresAt} unless you collect them.\nPickup code: {code}',
      es: 'Hola {name},\n\nLos paquetes {parcels} en {location} se devolverán al remitente el {expiresAt} si no los recoge.\nCódigo de recogida: {code}',
      fr: 'Bonjour {name},\n\nLes colis {parcels} à {location} seront retournés à l’expéditeur le {expiresAt} s’ils ne sont pas retirés.\nCode de retrait : {code}',
    },
  },
};
