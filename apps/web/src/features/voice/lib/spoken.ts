/**
 * What the assistant says aloud. SPEC §1/§8 make the spoken replies Portuguese whatever the screen
 * language (the recogniser and the voice are pt-PT); the toasts beside them are translated.
 */
export const SPOKEN = {
  activated: 'Assistente ativo. Diga um comando.',
  stopped: 'Assistente parado.',
  confirm: 'Confirme no ecrã, por favor.',
  cancelled: 'Comando cancelado.',
  cleaningDone: (opened: number) =>
    `Modo de limpeza ativado. ${opened} ${opened === 1 ? 'porta aberta' : 'portas abertas'}.`,
  cleaningError: 'Não foi possível ativar o modo de limpeza.',
  emergencyDone: (opened: number) =>
    `Modo de emergência ativado. ${opened} ${opened === 1 ? 'porta aberta' : 'portas abertas'}.`,
  emergencyError: 'Não foi possível ativar o modo de emergência.',
  exportDone: (count: number) => `Exportei ${count} ${count === 1 ? 'utilizador' : 'utilizadores'}.`,
  exportError: 'Não foi possível exportar os utilizadores.',
  doorOpened: (door: number) => `Porta ${door} aberta.`,
  doorError: (door: number) => `Não foi possível abrir a porta ${door}.`,
  doorOutOfRange: 'Só posso abrir as portas de 1 a 18.',
  doorMissing: 'Que porta? Diga um número de 1 a 18.',
  userFound: (name: string) => `Encontrei ${name}.`,
  usersFound: (count: number, name: string) => `Encontrei ${count} utilizadores com o nome ${name}.`,
  userNotFound: (name: string) => `Não encontrei nenhum utilizador com o nome ${name}.`,
  userError: 'Não foi possível procurar utilizadores.',
  userList: (count: number) => `Há ${count} ${count === 1 ? 'utilizador' : 'utilizadores'}.`,
  listError: 'Não foi possível obter a lista de utilizadores.',
  forbidden: 'Não tem permissão para esse comando.',
  unknown: 'Não percebi o comando. Pode repetir?',
} as const;
