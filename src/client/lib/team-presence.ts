/**
 * Whether the signed-in member belongs to an organisation, as the session's own answer
 * (`GET /api/auth/user`, `organization`) says. The team's parts of other screens (the dashboard's
 * switch, a legal change's assessment panel, the subscription's seats) show only then, so a
 * member outside any organisation never asks for one.
 */
import { useAuth } from './session/use-auth';

export function useTeamPresence(): boolean {
  const { user } = useAuth();
  return Boolean(user?.organization);
}
