import type { Category } from '@unified-api-gateway/sdk';
import { CATEGORIES, categoryLabel } from '../../../lib/categories';

/** The categories a plan may call: none checked means all. */
export function CategoryChoice({ value, onChange }: { value: Category[]; onChange: (categories: Category[]) => void }) {
  return (
    <fieldset>
      <legend>Categories (none checked: all)</legend>
      <div className="checkbox-grid">
        {CATEGORIES.map((category) => (
          <label key={category} className="check">
            <input
              type="checkbox"
              checked={value.includes(category)}
              onChange={(e) => onChange(e.target.checked ? [...value, category] : value.filter((c) => c !== category))}
            />
            {categoryLabel(category)}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
