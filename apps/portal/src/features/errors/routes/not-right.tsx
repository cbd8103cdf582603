import { ErrorPage } from '../components/error-page.tsx';

export default function NotRightScreen() {
  return <ErrorPage titleKey="routes.not-right" bodyKey="notRight.body" />;
}
