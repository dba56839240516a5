import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { MemberScreen } from '../member-placeholder';

/** `/legal-change/:id` and `/legal-changes/:id`. */
export default function LegalChangeRoute() {
  const { t } = useTranslation();
  const { id } = useParams();
  return <MemberScreen title={t('member.legalChange.title')} description={t('member.legalChange.description', { id })} />;
}
