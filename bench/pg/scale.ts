/**
 * bench:pg's last line, `scale: N/M targets met`: issue 24's targets, each judged where its figure
 * is printed in the same run, counted at the end. A target whose part did not run (BENCH_THROUGHPUT=0)
 * is named as not measured and left out of M, so the line never counts a figure nobody took.
 */
export class ScaleTargets {
  readonly #judged: { readonly name: string; readonly met: boolean }[] = [];
  readonly #skipped: string[] = [];

  judge(name: string, met: boolean): void {
    this.#judged.push({ name, met });
  }

  skip(name: string): void {
    this.#skipped.push(name);
  }

  /** The lines that end the bench: which targets were missed or not measured, then the count. */
  lines(): string[] {
    const met = this.#judged.filter((t) => t.met).length;
    const missed = this.#judged.filter((t) => !t.met).map((t) => t.name);
    return [
      ...(missed.length > 0 ? [`  not met: ${missed.join('; ')}`] : []),
      ...(this.#skipped.length > 0 ? [`  not measured in this run: ${this.#skipped.join('; ')}`] : []),
      `scale: ${met}/${this.#judged.length} targets met`,
    ];
  }
}
