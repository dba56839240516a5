import { useLocation, useParams } from 'react-router';
import { LegalChangeScreen } from '#client/features/legal-change/components/legal-change-screen';
import { parseLegalChangeId } from '#client/features/legal-change/lib/format';
import { MemberShell } from '../member-shell';

/** `/legal-change/:id` and `/legal-changes/:id`. */
export default function LegalChangeRoute() {
  const { id } = useParams();
  const { pathname } = useLocation();
  return (
    <MemberShell>
      <LegalChangeScreen legalChangeId={parseLegalChangeId(pathname, id)} />
    </MemberShell>
  );
}
