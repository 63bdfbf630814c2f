import { lazy, Suspense } from 'react';
import { useSession } from '@/lib/session';

/** SPEC §6: the voice assistant is a demo feature, shown only to the account named 'demo'. */
const VOICE_USERNAME = 'demo';

// The parser, the runner and the speech glue load only for that account.
const VoiceControls = lazy(() => import('./voice-controls'));

export function VoiceAssistant() {
  const session = useSession();
  if (session?.username !== VOICE_USERNAME) return null;
  return (
    <Suspense fallback={null}>
      <VoiceControls />
    </Suspense>
  );
}
