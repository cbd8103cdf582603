import { ScreenPlaceholder } from '../../../components/screen-placeholder.tsx';

// Finished by its own issue; until then the route exists, is guarded and shows its title.
export default function NativeEodReportsScreen() {
  return <ScreenPlaceholder routeId="native-eod-reports" />;
}
