import { AppProvider, type AppProviderProps } from './provider';
import { AppRouter } from './router';

export function App(props: Omit<AppProviderProps, 'children'>) {
  return (
    <AppProvider {...props}>
      <AppRouter />
    </AppProvider>
  );
}
