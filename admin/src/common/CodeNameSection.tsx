import type { ReactNode } from 'react';
import { TextInput } from 'react-admin';
import { FormRow } from './FormRow';
import { FormSection } from './FormSection';
import { requiredText, validateCode } from './validators';

const validateName = requiredText(100);

/**
 * The first section of a coded master-data form (warehouses, vehicle types, delivery areas): the
 * code and the name side by side, then the record's own inputs of that section. Titled
 * `<texts>.sections.<section>`; the code's help is `<texts>.helper.code`.
 */
export const CodeNameSection = ({ texts, section, children }: { texts: string; section: string; children?: ReactNode }) => (
  <FormSection title={`${texts}.sections.${section}`}>
    <FormRow>
      <TextInput source="code" validate={validateCode} helperText={`${texts}.helper.code`} />
      <TextInput source="name" validate={validateName} />
    </FormRow>
    {children}
  </FormSection>
);
