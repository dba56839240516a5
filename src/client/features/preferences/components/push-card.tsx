import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#client/components/ui/card';
import { Alert, AlertDescription } from '#client/components/ui/alert';
import { toast } from '#client/components/ui/use-toast';
import { useTranslation } from '#client/i18n';
import { useBrowserPush } from '../api/push';
import { SwitchRow } from './switch-row';

/** Browser notifications: alerts as system notifications in this browser (Web Push), per browser. */
export function PushCard() {
  const { t } = useTranslation();
  const push = useBrowserPush();
  const blocked = push.state === 'unsupported' || push.state === 'denied' ? push.state : null;
  const change = (on: boolean) =>
    void (on ? push.turnOn() : push.turnOff())
      .then(() => toast({ variant: 'success', title: t(on ? 'channels.push.on' : 'channels.push.off') }))
      .catch(() => toast({ variant: 'destructive', title: t('channels.push.failed') }));
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">{t('channels.push.title')}</CardTitle>
        <CardDescription>{t('channels.push.description')}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <SwitchRow
          id="browser-push"
          label={t('channels.push.label')}
          checked={push.state === 'on'}
          disabled={blocked !== null || push.state === 'checking' || push.busy}
          onCheckedChange={change}
        />
        {blocked && (
          <Alert variant="info" role="status">
            <AlertDescription>{t(`channels.push.${blocked}`)}</AlertDescription>
          </Alert>
        )}
      </CardContent>
    </Card>
  );
}
