export function benchGrowth(argv: string[], out: (s: string) => void): number {
  void argv;
  out('todo');
  return 0;
}
