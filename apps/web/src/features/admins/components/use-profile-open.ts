import { useLocation, useNavigate } from 'react-router';

/**
 * The profile drawer is open when the user menu sent us here ("edit profile" navigates with
 * `state.profile`, keeping SPEC's plain /admins and /employees URLs) or the page's own button set it.
 */
export function useProfileOpen(): [boolean, (open: boolean) => void] {
  const location = useLocation();
  const navigate = useNavigate();
  const open = (location.state as { profile?: boolean } | null)?.profile === true;
  const setOpen = (next: boolean) =>
    void navigate(`${location.pathname}${location.search}`, {
      replace: true,
      state: next ? { profile: true } : null,
    });
  return [open, setOpen];
}
