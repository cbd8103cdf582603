import { FeatureTexts } from '../../../lib/i18n/feature-texts.tsx';
import { CompanionHandOff } from '../components/companion-hand-off.tsx';

// The three /app/* hand-off pages (SPEC §2.1) in one module: one chunk and one preload entry for /signin's entry.

export function TapToPayRedirectScreen() {
  return (
    <FeatureTexts name="companion">
      <CompanionHandOff page="tap-to-pay" titleKey="routes.companion-tap-to-pay" />
    </FeatureTexts>
  );
}

export function EodReportsRedirectScreen() {
  return (
    <FeatureTexts name="companion">
      <CompanionHandOff page="eod-reports" titleKey="routes.companion-eod-reports" />
    </FeatureTexts>
  );
}

export function CapitalRedirectScreen() {
  return (
    <FeatureTexts name="companion">
      <CompanionHandOff page="capital" titleKey="routes.companion-capital" />
    </FeatureTexts>
  );
}
