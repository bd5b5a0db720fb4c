// Number precision of the normalized format. Rounding makes the description stable against
// floating-point noise (a frame resized to 120.00000001 px is still 120 px) and keeps the
// canonical JSON short. `-0` always becomes `0` so that it prints the same.

/** Lengths, positions, font sizes, spacing, radii, blur and shadow values: 0.01 px. */
export function roundLength(value: number): number {
  if ((value | 0) === value) return value + 0; // whole already (most lengths): no Math.round
  const rounded = Math.round(value * 100) / 100;
  return rounded === 0 ? 0 : rounded;
}

/** Ratios and unit-less numbers (opacity, gradient positions, transforms, layout grow): 0.0001. */
export function roundRatio(value: number): number {
  const rounded = Math.round(value * 10000) / 10000;
  return rounded === 0 ? 0 : rounded;
}

/** Angles in degrees: 0.01°, normalized to (-180, 180]. */
export function roundAngle(value: number): number {
  // Rounded before the range is applied: -179.999° rounds to -180, the same turn as 180.
  let degrees = roundLength(value % 360);
  if (degrees > 180) degrees = roundLength(degrees - 360);
  if (degrees <= -180) degrees = roundLength(degrees + 360);
  return degrees;
}
