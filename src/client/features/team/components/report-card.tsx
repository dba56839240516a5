import { Download } from 'lucide-react';
import { useState } from 'react';
import { Button } from '#client/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#client/components/ui/card';
import { TextField } from '#client/components/ui/form-field';
import { useTranslation } from '#client/i18n';
import { useFormat } from '#client/lib/format';
import { reportUrl } from '../api/activity';
import { addDays, todayIn } from '../lib/team-filters';

/** The board pack for a chosen period (the last 90 days to begin with), as PDF or CSV. */
export function ReportCard({ orgId }: { orgId: number }) {
  const { t } = useTranslation();
  const format = useFormat();
  const today = todayIn(format.timeZone);
  const [from, setFrom] = useState(addDays(today, -90));
  const [to, setTo] = useState(today);
  const invalid = from === '' || to === '' || from > to;
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">{t('team.report.title')}</CardTitle>
        <CardDescription>{t('team.report.text')}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            id="report-from"
            type="date"
            label={t('team.report.from')}
            value={from}
            onValueChange={setFrom}
          />
          <TextField
            id="report-to"
            type="date"
            label={t('team.report.to')}
            value={to}
            onValueChange={setTo}
            error={from !== '' && to !== '' && from > to ? t('team.report.invalid') : undefined}
          />
        </div>
        <div className="flex flex-wrap gap-2">
          {(['pdf', 'csv'] as const).map((kind) =>
            invalid ? (
              <Button key={kind} variant="outline" disabled>
                <Download aria-hidden="true" />
                {t(`team.report.${kind}`)}
              </Button>
            ) : (
              <Button key={kind} variant="outline" asChild>
                <a href={reportUrl(orgId, kind, from, to)} download>
                  <Download aria-hidden="true" />
                  {t(`team.report.${kind}`)}
                </a>
              </Button>
            ),
          )}
        </div>
      </CardContent>
    </Card>
  );
}
