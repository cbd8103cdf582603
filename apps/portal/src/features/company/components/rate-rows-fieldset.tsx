import { Button, Fieldset, Group, Stack, TextInput, type TextInputProps } from '@mantine/core';
import { type FieldError, type Path, type UseFormReturn, useFieldArray, useFormState } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { RatesUpdate } from '../api/update-rates.ts';
import type { RatesFormValues } from '../rates-form-values.ts';

/** The rates form's lists of dated rows. */
type RowsName = 'discounts' | 'monthlyFees' | 'credits';
type Row<Name extends RowsName> = RatesFormValues[Name][number];
type Column = keyof Row<'discounts'> | keyof Row<'monthlyFees'> | keyof Row<'credits'>;

/** How each column's input looks; the amount's label carries the merchant's currency. */
const COLUMN_INPUTS: Record<Column, { labelKey: string; unit?: '%' | 'currency' } & TextInputProps> = {
  description: { labelKey: 'access.rates.description' },
  percent: { labelKey: 'access.rates.percent', unit: '%', inputMode: 'decimal', w: 110 },
  durationMonths: { labelKey: 'access.rates.durationMonths', inputMode: 'numeric', w: 140 },
  amount: { labelKey: 'access.rates.amount', unit: 'currency', inputMode: 'decimal', w: 140 },
  startsOn: { labelKey: 'access.rates.startsOn', type: 'date' },
  endsOn: { labelKey: 'access.rates.endsOn', type: 'date' },
};

interface RateRowsFieldsetProps<Name extends RowsName> {
  form: UseFormReturn<RatesFormValues, unknown, RatesUpdate>;
  name: Name;
  columns: readonly (keyof Row<Name> & Column)[];
  /** What "Add" appends. */
  emptyRow: Row<Name>;
  currency: string;
}

/** Staff: one list of the rates form (discounts, monthly fees, credits), its rows editable, removable, addable. */
export function RateRowsFieldset<Name extends RowsName>(props: RateRowsFieldsetProps<Name>) {
  const { form, name, columns, emptyRow, currency } = props;
  const { t } = useTranslation();
  // `Name` ties `columns` and `emptyRow` to the list (checked at the call site); TypeScript cannot follow that
  // pairing into the `list.index.column` path, hence the one cast to Path below.
  const list: RowsName = name;
  const rows = useFieldArray({ control: form.control, name: list });
  const { errors } = useFormState({ control: form.control, name: list });
  const legend = t(`access.rates.${list}`);
  const errorOf = (index: number, column: Column) => {
    const rowErrors = errors[list]?.[index] as Partial<Record<Column, FieldError>> | undefined;
    const key = rowErrors?.[column]?.message;
    return key ? t(key) : undefined;
  };

  return (
    <Fieldset legend={legend}>
      <Stack gap="xs">
        {rows.fields.map((row, index) => (
          <Group key={row.id} align="flex-start">
            {columns.map((column) => {
              const { labelKey, unit, ...input } = COLUMN_INPUTS[column];
              const label = t(labelKey);
              return (
                <TextInput
                  key={column}
                  {...input}
                  label={unit ? `${label} (${unit === '%' ? '%' : currency})` : label}
                  error={errorOf(index, column)}
                  {...form.register(`${list}.${index}.${column}` as Path<RatesFormValues>)}
                />
              );
            })}
            <Button mt={24} variant="subtle" color="red" onClick={() => rows.remove(index)}>
              {t('access.rates.removeRow')}
            </Button>
          </Group>
        ))}
        <Button variant="light" w="fit-content" onClick={() => rows.append(emptyRow)}>
          {`${t('access.rates.add')}: ${legend}`}
        </Button>
      </Stack>
    </Fieldset>
  );
}
