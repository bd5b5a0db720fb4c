// The library's categories as a labelled select; `anyLabel` names the empty choice ("All
// categories" when filtering, "Let the service choose" when asking for a brand).
import { BRAND_REQUEST_CATEGORIES } from '../../src/shared/api/library/schemas';

export interface CategorySelectProps {
  id: string;
  value: string;
  anyLabel: string;
  onValue: (value: string) => void;
}

export function CategorySelect({ id, value, anyLabel, onValue }: CategorySelectProps) {
  return (
    <div class="field">
      <label class="field-label" for={id}>
        Category
      </label>
      <select id={id} class="field-input" value={value} onChange={(event) => onValue(event.currentTarget.value)}>
        <option value="">{anyLabel}</option>
        {BRAND_REQUEST_CATEGORIES.map((name) => (
          <option key={name} value={name}>
            {name}
          </option>
        ))}
      </select>
    </div>
  );
}
