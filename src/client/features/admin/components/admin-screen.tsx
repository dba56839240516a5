import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { FullPageSpinner } from '#client/components/layouts/full-page-spinner';
import { toast } from '#client/components/ui/toast-store';
import { useTranslation } from '#client/i18n';
import { apiErrorMessage } from '#client/lib/api-client';
import { STORAGE_KEYS, readStorage, removeStorage, writeStorage } from '#client/lib/storage';
import { useAdminLogout } from '../api/admin-logout';
import { useQuery } from '@tanstack/react-query';
import { systemStatsQuery } from '../api/queries';
import { AdminDashboard } from './admin-dashboard';
import { AdminLoginForm } from './admin-login-form';
import { adminKeys } from '#client/lib/query-keys';

/**
 * Locked until the administrator signs in. A remembered sign-in is checked on load by asking for
 * the system figures; if that fails the flag is cleared and the sign-in form shows again.
 */
export function AdminScreen() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [signedIn, setSignedIn] = useState(() => readStorage(STORAGE_KEYS.adminAuthenticated) === 'true');
  const [justSignedIn, setJustSignedIn] = useState(false);
  const stats = useQuery({ ...systemStatsQuery(), enabled: signedIn });
  const logout = useAdminLogout();

  useEffect(() => {
    if (signedIn && stats.isError) {
      removeStorage(STORAGE_KEYS.adminAuthenticated);
      queryClient.removeQueries({ queryKey: adminKeys.all });
      setSignedIn(false);
      setJustSignedIn(false);
    }
  }, [signedIn, stats.isError, queryClient]);

  const signOutLocally = () => {
    removeStorage(STORAGE_KEYS.adminAuthenticated);
    queryClient.removeQueries({ queryKey: adminKeys.all });
    setSignedIn(false);
    setJustSignedIn(false);
  };

  const onLogout = () => {
    logout.mutate(undefined, {
      onError: (error) =>
        toast({
          title: t('admin.logoutError.title'),
          description: apiErrorMessage(error, t('admin.logoutError.description')),
          variant: 'destructive',
        }),
      onSettled: signOutLocally,
    });
  };

  if (!signedIn) {
    return (
      <AdminLoginForm
        onAuthenticated={() => {
          writeStorage(STORAGE_KEYS.adminAuthenticated, 'true');
          setJustSignedIn(true);
          setSignedIn(true);
        }}
      />
    );
  }
  if (stats.isPending && !justSignedIn) return <FullPageSpinner label={t('admin.checking')} />;
  return <AdminDashboard onLogout={onLogout} loggingOut={logout.isPending} />;
}
