/**
 * A small, safe arithmetic evaluator for the demo's `calculator` tool: numbers, `+ - * / % ^`, unary minus and
 * parentheses. No `eval`, no identifiers, no function calls: anything else throws a `SyntaxError` naming the position.
 */
export function evaluateExpression(expression: string): number {
  const tokens = expression.match(/\d+(?:\.\d+)?(?:e[+-]?\d+)?|\.\d+|[-+*/%^()]|\S/gi) ?? [];
  let position = 0;

  const peek = (): string | undefined => tokens[position];
  const next = (): string | undefined => tokens[position++];
  const fail = (message: string): never => {
    throw new SyntaxError(`${message} at token ${position + 1} of "${expression}"`);
  };

  const primary = (): number => {
    const token = next();
    if (token === undefined) return fail('Unexpected end of expression');
    if (token === '(') {
      const value = sum();
      if (next() !== ')') fail('Expected ")"');
      return value;
    }
    if (token === '-') return -power();
    if (token === '+') return power();
    const value = Number(token);
    if (!Number.isFinite(value)) fail(`Unexpected "${token}"`);
    return value;
  };
  const power = (): number => {
    const base = primary();
    if (peek() === '^') {
      next();
      return base ** power(); // right-associative
    }
    return base;
  };
  const product = (): number => {
    let value = power();
    for (let op = peek(); op === '*' || op === '/' || op === '%'; op = peek()) {
      next();
      const right = power();
      value = op === '*' ? value * right : op === '/' ? value / right : value % right;
    }
    return value;
  };
  const sum = (): number => {
    let value = product();
    for (let op = peek(); op === '+' || op === '-'; op = peek()) {
      next();
      const right = product();
      value = op === '+' ? value + right : value - right;
    }
    return value;
  };

  if (tokens.length === 0) fail('Empty expression');
  const result = sum();
  if (position < tokens.length) fail(`Unexpected "${tokens[position]}"`);
  return result;
}
