import { Plus, Trash2 } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { SEARCH_TERM_MAX_LENGTH } from '#shared/alert-preferences';
import { Alert, AlertDescription } from '#client/components/ui/alert';
import { Button } from '#client/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#client/components/ui/card';
import { FormField } from '#client/components/ui/form-field';
import { Input } from '#client/components/ui/input';
import { Skeleton } from '#client/components/ui/skeleton';
import { Switch } from '#client/components/ui/switch';
import { toast } from '#client/components/ui/use-toast';
import { useTranslation } from '#client/i18n';
import { serverFieldErrors } from '#client/lib/form-errors';
import { apiErrorMessage } from '#client/lib/api-client';
import { useAddSearchTerm } from '../api/add-search-term';
import { useDeleteSearchTerm } from '../api/delete-search-term';
import { useSearchTerms } from '../api/get-search-terms';
import { useToggleSearchTerm } from '../api/toggle-search-term';

/** Search terms: add (non-empty after trimming), switch on and off, remove. */
export function SearchTermsCard() {
  const { t } = useTranslation();
  const terms = useSearchTerms();
  const add = useAddSearchTerm();
  const remove = useDeleteSearchTerm();
  const toggle = useToggleSearchTerm();
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | undefined>();

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const searchTerm = value.trim().replace(/\s+/g, ' ');
    if (searchTerm === '') {
      setError(t('alertPreferences.searchTerms.required'));
      return;
    }
    if (searchTerm.length > SEARCH_TERM_MAX_LENGTH) {
      setError(t('alertPreferences.searchTerms.tooLong', { maximum: SEARCH_TERM_MAX_LENGTH }));
      return;
    }
    setError(undefined);
    add.mutate(
      { searchTerm },
      {
        onSuccess: () => {
          setValue('');
          toast({ variant: 'success', title: t('alertPreferences.searchTerms.added') });
        },
        onError: (err) => {
          setError(serverFieldErrors(err, ['searchTerm']).searchTerm);
          toast({
            variant: 'destructive',
            title: t('alertPreferences.searchTerms.addError'),
            description: apiErrorMessage(err, '') || undefined,
          });
        },
      },
    );
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">{t('alertPreferences.searchTerms.title')}</CardTitle>
        <CardDescription>{t('alertPreferences.searchTerms.description')}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <form noValidate onSubmit={onSubmit} className="flex flex-wrap items-end gap-2">
          <FormField
            id="new-search-term"
            label={t('alertPreferences.searchTerms.label')}
            error={error}
            className="min-w-0 flex-1 basis-48"
          >
            {(control) => (
              <Input
                {...control}
                value={value}
                maxLength={SEARCH_TERM_MAX_LENGTH + 20}
                placeholder={t('alertPreferences.searchTerms.placeholder')}
                onChange={(e) => {
                  setValue(e.target.value);
                  if (error) setError(undefined);
                }}
              />
            )}
          </FormField>
          <Button type="submit" disabled={add.isPending}>
            <Plus aria-hidden="true" />
            {t('alertPreferences.searchTerms.add')}
          </Button>
        </form>

        {terms.isLoading ? (
          <div className="grid gap-2" aria-busy="true">
            <span className="sr-only">{t('common.loading')}</span>
            <Skeleton className="h-12 w-full" />
            <Skeleton className="h-12 w-full" />
          </div>
        ) : terms.isError ? (
          <Alert variant="destructive" role="alert">
            <AlertDescription>{t('alertPreferences.loadError')}</AlertDescription>
          </Alert>
        ) : (terms.data ?? []).length === 0 ? (
          <p className="text-sm text-muted-foreground">{t('alertPreferences.searchTerms.empty')}</p>
        ) : (
          <ul className="grid gap-2" aria-label={t('alertPreferences.searchTerms.title')}>
            {(terms.data ?? []).map((term) => {
              const switchId = `search-term-${term.id}`;
              return (
                <li
                  key={term.id}
                  className="flex items-center gap-3 rounded-lg border p-2 ps-3"
                  data-search-term={term.searchTerm}
                >
                  <Switch
                    id={switchId}
                    checked={term.isActive}
                    aria-label={t('alertPreferences.searchTerms.active', { term: term.searchTerm })}
                    onCheckedChange={(isActive) =>
                      toggle.mutate(
                        { id: term.id, isActive },
                        {
                          onError: (err) =>
                            toast({
                              variant: 'destructive',
                              title: t('alertPreferences.searchTerms.updateError'),
                              description: apiErrorMessage(err, '') || undefined,
                            }),
                        },
                      )
                    }
                  />
                  <span
                    className={`min-w-0 flex-1 text-sm break-words ${term.isActive ? 'font-medium' : 'text-muted-foreground'}`}
                  >
                    <bdi>{term.searchTerm}</bdi>
                  </span>
                  <Button
                    variant="ghost"
                    size="icon"
                    aria-label={t('alertPreferences.searchTerms.remove', { term: term.searchTerm })}
                    disabled={remove.isPending && remove.variables === term.id}
                    onClick={() =>
                      remove.mutate(term.id, {
                        onError: (err) =>
                          toast({
                            variant: 'destructive',
                            title: t('alertPreferences.searchTerms.removeError'),
                            description: apiErrorMessage(err, '') || undefined,
                          }),
                      })
                    }
                  >
                    <Trash2 aria-hidden="true" />
                  </Button>
                </li>
              );
            })}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
