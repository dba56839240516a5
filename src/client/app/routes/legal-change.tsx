import { useLocation, useParams } from 'react-router';
import { LegalChangeScreen } from '#client/features/legal-change/components/legal-change-screen';
import { parseLegalChangeId } from '#client/features/legal-change/lib/format';
import { MemberShell } from '../member-shell';
import { TeamItemSlot } from '../team-slots/legal-change';

/** `/legal-change/:id` and `/legal-changes/:id`. */
export default function LegalChangeRoute() {
  const { id } = useParams();
  const { pathname } = useLocation();
  const legalChangeId = parseLegalChangeId(pathname, id);
  return (
    <MemberShell>
      <LegalChangeScreen
        legalChangeId={legalChangeId}
        teamPanel={legalChangeId === null ? null : <TeamItemSlot legalChangeId={legalChangeId} />}
      />
    </MemberShell>
  );
}
