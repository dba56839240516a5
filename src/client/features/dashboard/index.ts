export { DashboardHeaderActions } from './components/dashboard-header-actions';
export { DashboardScreen } from './components/dashboard-screen';
