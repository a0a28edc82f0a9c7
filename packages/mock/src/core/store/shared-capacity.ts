/**
 * A bound several tables share besides their own `capacity`: the sessions' record budget, full when
 * all of them together hold its maximum. Creates check it (`assertRoom`) before they write.
 */
export interface SharedCapacity {
  readonly isFull: boolean;
  /** The Error a create gets when the bound is reached: which limit, and how to raise it. */
  refusal(): Error;
}
