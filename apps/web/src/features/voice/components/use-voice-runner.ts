import { useCallback, useMemo, useRef } from 'react';
import { App } from 'antd';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { can, type Permission } from '@cacifo/contract/permissions';
import { officeApi } from '@cacifo/contract/endpoints/office';
import { downloadEndpoint } from '@/lib/api-client';
import { say } from '@/lib/feedback';
import { saveFile } from '@/lib/save-file';
import { useSession } from '@/lib/session';
import { useVoiceCalls, type ModeReply } from '../api/voice-calls';
import { parseConfirmation, type VoiceCommand } from '../lib/parse-command';
import { speak } from '../lib/speech';
import { SPOKEN } from '../lib/spoken';
import { pathTo } from '@cacifo/contract/route-paths';

/** What each command needs, as the screens that do the same thing require it. */
const NEEDS: Record<VoiceCommand['kind'], Permission[]> = {
  cleaningMode: ['locations.mode'],
  emergencyMode: ['locations.emergency'],
  openDoor: ['doors.open', 'locations.view'],
  doorOutOfRange: [],
  exportUsers: ['office.view'],
  findUser: ['office.view'],
  listUsers: ['office.view'],
  unknown: [],
};

export interface VoiceReply {
  ok: boolean;
  text: string;
}

const openedCount = (reply: ModeReply) => reply.results.filter((r) => r.ok).length;

/**
 * Runs one parsed command with the same calls and confirmations as the screens, then answers with a
 * toast and a spoken Portuguese reply (SPEC §8).
 */
export function useVoiceRunner() {
  const { t, i18n } = useTranslation();
  const { modal } = App.useApp();
  const navigate = useNavigate();
  const session = useSession();
  const calls = useVoiceCalls();

  // The answer to a spoken command is the command's reply (shown and spoken together), not a
  // mutation's outcome: it is said here, through lib/feedback.
  /** The reply of the command running now, handed back to a typed command box to show it. */
  const reply = useRef<VoiceReply | null>(null);
  const ok = useCallback((toast: string, spoken: string) => {
    reply.current = { ok: true, text: toast };
    say('success', toast);
    speak(spoken);
  }, []);
  const fail = useCallback((toast: string, spoken: string) => {
    reply.current = { ok: false, text: toast };
    say('error', toast);
    speak(spoken);
  }, []);
  const cancelled = useCallback(() => {
    reply.current = { ok: false, text: t('voice.toast.cancelled') };
    speak(SPOKEN.cancelled);
  }, [t]);
  /** The open confirmation, so that "sim" or "não" said aloud can answer it (hands-free). */
  const pending = useRef<((yes: boolean) => void) | null>(null);
  const confirm = useCallback(
    (title: string, content: string, danger = false) =>
      new Promise<boolean>((resolve) => {
        speak(SPOKEN.confirm);
        const settle = (yes: boolean) => {
          pending.current = null;
          resolve(yes);
        };
        const dialog = modal.confirm({
          title,
          content,
          okText: t('voice.confirm.ok'),
          cancelText: t('voice.confirm.cancel'),
          okButtonProps: { danger, 'data-testid': 'voice-confirm' } as never,
          cancelButtonProps: { 'data-testid': 'voice-cancel' } as never,
          onOk: () => settle(true),
          onCancel: () => settle(false),
        });
        pending.current = (yes) => {
          dialog.destroy();
          settle(yes);
        };
      }),
    [modal, t],
  );
  /** A phrase heard while a confirmation is open: true when it was the answer. */
  const answer = useCallback((text: string): boolean => {
    const yes = parseConfirmation(text);
    if (!pending.current || yes === null) return false;
    pending.current(yes);
    return true;
  }, []);

  // The server writes the file, as the users screen's export does (same columns, same labels).
  const exportUsers = useCallback(async () => {
    const file = await downloadEndpoint(officeApi.exportUsers, {
      query: { format: 'xlsx', language: i18n.resolvedLanguage === 'en' ? 'en' : 'pt' },
    });
    saveFile(file.blob, file.fileName);
  }, [i18n]);

  const perform = useCallback(
    async (command: VoiceCommand): Promise<void> => {
      if (!session) return;
      if (!NEEDS[command.kind].every((p) => can(session.userRole, p, session.modules))) {
        fail(t('voice.toast.forbidden'), SPOKEN.forbidden);
        return;
      }
      switch (command.kind) {
        case 'cleaningMode':
        case 'emergencyMode': {
          const emergency = command.kind === 'emergencyMode';
          const mode = emergency ? 'emergency' : 'cleaning';
          if (!(await confirm(t(`voice.confirm.${mode}Title`), t(`voice.confirm.${mode}Text`), emergency))) {
            cancelled();
            return;
          }
          try {
            const reply = emergency ? await calls.emergency() : await calls.cleaning();
            const opened = openedCount(reply);
            ok(
              t(`voice.toast.${mode}Done`, { place: reply.Place.name, count: opened }),
              emergency ? SPOKEN.emergencyDone(opened) : SPOKEN.cleaningDone(opened),
            );
          } catch {
            fail(t(`voice.toast.${mode}Error`), emergency ? SPOKEN.emergencyError : SPOKEN.cleaningError);
          }
          return;
        }
        case 'openDoor': {
          const { door } = command;
          try {
            const { locker } = await calls.lockerOfDoor(door);
            if (!locker) {
              fail(t('voice.toast.doorError', { door }), SPOKEN.doorError(door));
              return;
            }
            if (!(await confirm(t('voice.confirm.doorTitle', { door }), t('voice.confirm.doorText')))) {
              cancelled();
              return;
            }
            const result = await calls.openLocker(locker.id);
            if (result.ok) ok(t('voice.toast.doorOpened', { door }), SPOKEN.doorOpened(door));
            else fail(t('voice.toast.doorError', { door }), SPOKEN.doorError(door));
          } catch {
            fail(t('voice.toast.doorError', { door }), SPOKEN.doorError(door));
          }
          return;
        }
        case 'doorOutOfRange':
          if (command.door === null) fail(t('voice.toast.doorMissing'), SPOKEN.doorMissing);
          else fail(t('voice.toast.doorOutOfRange', { door: command.door }), SPOKEN.doorOutOfRange);
          return;
        case 'exportUsers':
          try {
            const count = await calls.userCount();
            await exportUsers();
            ok(t('voice.toast.exportDone', { count }), SPOKEN.exportDone(count));
          } catch {
            fail(t('voice.toast.exportError'), SPOKEN.exportError);
          }
          return;
        case 'findUser': {
          const { name } = command;
          try {
            const found = await calls.findUsers(name);
            if (found.totalUsers === 0) {
              fail(t('voice.toast.userNotFound', { name }), SPOKEN.userNotFound(name));
            } else if (found.totalUsers === 1) {
              void navigate(pathTo('officeUserDetails', { id: found.users[0]!.id }));
              ok(
                t('voice.toast.userFound', { name: found.users[0]!.name }),
                SPOKEN.userFound(found.users[0]!.name),
              );
            } else {
              void navigate(pathTo('officeUsers', null, { q: name }));
              ok(
                t('voice.toast.usersFound', { count: found.totalUsers, name }),
                SPOKEN.usersFound(found.totalUsers, name),
              );
            }
          } catch {
            fail(t('voice.toast.userError'), SPOKEN.userError);
          }
          return;
        }
        case 'listUsers':
          try {
            const page = await calls.findUsers('');
            void navigate(pathTo('officeUsers'));
            ok(t('voice.toast.userList', { count: page.totalUsers }), SPOKEN.userList(page.totalUsers));
          } catch {
            fail(t('voice.toast.listError'), SPOKEN.listError);
          }
          return;
        default:
          reply.current = { ok: false, text: t('voice.toast.unknown', { text: command.text }) };
          say('warning', reply.current.text);
          speak(SPOKEN.unknown);
      }
    },
    [session, calls, confirm, cancelled, exportUsers, fail, navigate, ok, t],
  );
  /** Runs a command and hands back its reply (the toast's text), for the typed command box. */
  const run = useCallback(
    async (command: VoiceCommand): Promise<VoiceReply | null> => {
      reply.current = null;
      await perform(command);
      return reply.current;
    },
    [perform],
  );
  return useMemo(() => ({ run, answer }), [run, answer]);
}
export type VoiceRunner = ReturnType<typeof useVoiceRunner>;
