/** One text field per parameter of a saved workflow, for the values a run (or a schedule's runs) fill in. */
export function ParameterFields({
  idPrefix,
  testPrefix,
  names,
  values,
  onChange,
}: {
  idPrefix: string;
  testPrefix: string;
  names: readonly string[];
  values: Record<string, string>;
  onChange(values: Record<string, string>): void;
}) {
  return (
    <>
      {names.map((name) => (
        <label key={name} for={`${idPrefix}-${name}`}>
          {name}
          <input
            id={`${idPrefix}-${name}`}
            type="text"
            value={values[name] ?? ''}
            onInput={(event) => onChange({ ...values, [name]: (event.target as HTMLInputElement).value })}
            data-testid={`${testPrefix}-${name}`}
          />
        </label>
      ))}
    </>
  );
}
