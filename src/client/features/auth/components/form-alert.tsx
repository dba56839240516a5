import { AlertCircle } from 'lucide-react';
import { Alert, AlertDescription } from '#client/components/ui/alert';

/** A failed request's message, announced as it appears. */
export function FormAlert({ message }: { message: string }) {
  return (
    <Alert variant="destructive" role="alert">
      <AlertCircle aria-hidden="true" />
      <AlertDescription>{message}</AlertDescription>
    </Alert>
  );
}
