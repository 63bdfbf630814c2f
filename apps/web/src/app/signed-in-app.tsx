import { Providers } from './providers';
import { SignedInRoutes } from './signed-in-routes';
import './styles/shell.css';

/**
 * Everything after sign-in: antd's theme and locale, TanStack Query, the session keeper and every
 * screen. Its own chunk (signed-in-app-loader.ts), so /login downloads none of it (issue #34).
 */
export default function SignedInApp() {
  return (
    <Providers>
      <SignedInRoutes />
    </Providers>
  );
}
