// Mantine styles of the onboarding screens' own components (see lib/mantine/mantine-styles.ts).
import '@mantine/core/styles/Card.css';
import '@mantine/core/styles/Checkbox.css';
import '@mantine/core/styles/CheckboxIndicator.css';
import '@mantine/core/styles/InlineInput.css';
import '@mantine/core/styles/Radio.css';
import '@mantine/core/styles/RadioIndicator.css';
import '@mantine/core/styles/SegmentedControl.css';
import '@mantine/core/styles/SimpleGrid.css';
import '@mantine/core/styles/Stepper.css';
import '@mantine/core/styles/Table.css';
import '@mantine/core/styles/Combobox.css';
import '@mantine/core/styles/Popover.css';
