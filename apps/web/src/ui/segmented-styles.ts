/**
 * Mantine hides a segmented control's radios at 0×0, where a browser test cannot click them;
 * spread (still invisible) under their label, a click on a radio lands on its label.
 * Use as `<SegmentedControl styles={SEGMENTED_HIT_AREA} …/>`.
 */
export const SEGMENTED_HIT_AREA = { input: { inset: 0, width: '100%', height: '100%' } } as const;
