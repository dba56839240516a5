import { Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Card, CardContent } from '#client/components/ui/card';
import { Spinner } from '#client/components/ui/spinner';
import { useDocumentTitle } from '#client/hooks/use-document-title';
import { useTranslation } from '#client/i18n';
import { lazyImport } from '#client/lib/lazy-import';
import { AuthTabs } from './auth-tabs';
import { SignInForm } from './sign-in-form';
import type { RegistrationDraft } from './sign-up-form';

// Sign-in comes with the screen; the other steps are fetched when first shown.
const SignUpForm = lazyImport(() => import('./sign-up-form').then((m) => ({ default: m.SignUpForm })));
const ForgotPasswordForm = lazyImport(() =>
  import('./forgot-password-form').then((m) => ({ default: m.ForgotPasswordForm })),
);
const ForgotPasswordSent = lazyImport(() =>
  import('./forgot-password-sent').then((m) => ({ default: m.ForgotPasswordSent })),
);
const VerifyEmailForm = lazyImport(() =>
  import('./verify-email-form').then((m) => ({ default: m.VerifyEmailForm })),
);

/** Holds the card's place while a step's code arrives. */
function StepLoading() {
  const { t } = useTranslation();
  return (
    <div className="flex min-h-64 items-center justify-center">
      <Spinner label={t('common.loading')} className="size-6 text-primary" />
    </div>
  );
}

type Tab = 'signin' | 'signup';

type View =
  | { name: 'tabs' }
  | { name: 'forgot' }
  | { name: 'forgotSent'; email: string }
  | { name: 'verify'; tempUserId: string; emailKeptInOutbox: boolean; draft: RegistrationDraft };

/** `?action=signup` opens registration; any other value opens sign-in. */
export function tabFromAction(action: string | null): Tab {
  return action === 'signup' ? 'signup' : 'signin';
}

/** Sign in, register, verify the email address, or ask for a password reset link. */
export function AuthScreen() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const tab = tabFromAction(params.get('action'));
  const [view, setView] = useState<View>(() =>
    params.get('view') === 'forgot' ? { name: 'forgot' } : { name: 'tabs' },
  );
  const [draft, setDraft] = useState<RegistrationDraft | undefined>(undefined);
  const [hasErrors, setHasErrors] = useState(false);
  const reportErrors = useCallback((value: boolean) => setHasErrors(value), []);

  const selectTab = (next: Tab) => {
    const updated = new URLSearchParams(params);
    updated.set('action', tabFromAction(next));
    updated.delete('view');
    setParams(updated, { replace: true });
    setHasErrors(false);
  };

  const show = (next: View) => {
    setHasErrors(false);
    setView(next);
  };

  const backToSignIn = () => {
    const updated = new URLSearchParams(params);
    updated.set('action', 'signin');
    updated.delete('view');
    setParams(updated, { replace: true });
    show({ name: 'tabs' });
  };

  const heading = {
    tabs: tab === 'signup' ? t('auth.headings.signUp') : t('auth.headings.signIn'),
    forgot: t('auth.headings.forgot'),
    forgotSent: t('auth.headings.forgotSent'),
    verify: t('auth.headings.verify'),
  }[view.name];
  const lead = {
    tabs: tab === 'signup' ? t('auth.leads.signUp') : t('auth.leads.signIn'),
    forgot: null,
    forgotSent: null,
    verify: null,
  }[view.name];

  const documentTitle = {
    tabs: tab === 'signup' ? t('auth.documentTitles.signUp') : t('auth.documentTitles.signIn'),
    forgot: t('auth.documentTitles.forgot'),
    forgotSent: t('auth.documentTitles.forgotSent'),
    verify: t('auth.documentTitles.verify'),
  }[view.name];
  useDocumentTitle(documentTitle, { error: hasErrors });

  // a new step replaces the old one: start reading (and tabbing) from its heading
  const headingRef = useRef<HTMLHeadingElement>(null);
  const shownView = useRef(view.name);
  useEffect(() => {
    if (shownView.current === view.name) return;
    shownView.current = view.name;
    headingRef.current?.focus();
  }, [view.name]);

  return (
    <div className="container-page flex justify-center py-10 sm:py-16">
      <div className="grid w-full max-w-md gap-6">
        <div className="grid gap-2 text-center">
          <h1
            ref={headingRef}
            tabIndex={-1}
            className="text-2xl font-semibold tracking-tight focus:outline-none sm:text-3xl"
          >
            {heading}
          </h1>
          {lead && <p className="text-muted-foreground">{lead}</p>}
        </div>
        <Card>
          <CardContent className="p-5 sm:p-6">
            <Suspense fallback={<StepLoading />}>
              {view.name === 'tabs' && (
                <AuthTabs
                  value={tab}
                  onValueChange={selectTab}
                  tabs={[
                    { value: 'signin', label: t('auth.tabs.signIn') },
                    { value: 'signup', label: t('auth.tabs.signUp'), preload: SignUpForm.preload },
                  ]}
                >
                  {tab === 'signin' ? (
                    <SignInForm
                      onForgotPassword={() => show({ name: 'forgot' })}
                      onErrorsChange={reportErrors}
                    />
                  ) : (
                    <Suspense fallback={<StepLoading />}>
                      <SignUpForm
                        draft={draft}
                        onErrorsChange={reportErrors}
                        onVerificationRequired={({ tempUserId, emailKeptInOutbox, ...pending }) => {
                          setDraft(pending);
                          show({ name: 'verify', tempUserId, emailKeptInOutbox, draft: pending });
                        }}
                      />
                    </Suspense>
                  )}
                </AuthTabs>
              )}
              {view.name === 'forgot' && (
                <ForgotPasswordForm
                  onSent={(email) => show({ name: 'forgotSent', email })}
                  onBack={backToSignIn}
                  onErrorsChange={reportErrors}
                />
              )}
              {view.name === 'forgotSent' && <ForgotPasswordSent email={view.email} onBack={backToSignIn} />}
              {view.name === 'verify' && (
                <VerifyEmailForm
                  tempUserId={view.tempUserId}
                  email={view.draft.email}
                  emailKeptInOutbox={view.emailKeptInOutbox}
                  onBack={() => show({ name: 'tabs' })}
                  onErrorsChange={reportErrors}
                />
              )}
            </Suspense>
          </CardContent>
        </Card>
      </div>
    </div>
  );
}
