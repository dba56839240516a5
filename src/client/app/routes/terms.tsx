import { PolicyPage } from '#client/features/policies/components/policy-page';
import { TERMS_SECTIONS } from '#client/features/policies/sections';

export default function TermsRoute() {
  return <PolicyPage name="terms" sections={TERMS_SECTIONS} />;
}
