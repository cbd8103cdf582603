import { ErrorPage } from '../components/error-page.tsx';

/** SPEC §2.1, §8: any unknown path and /not-found show "Did you get lost?". */
export default function NotFoundScreen() {
  return <ErrorPage titleKey="routes.not-found" bodyKey="notFound.body" />;
}
