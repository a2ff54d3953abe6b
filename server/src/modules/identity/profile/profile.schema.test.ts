import { describe, expect, it } from 'vitest';
import { scriptOfName, ZUpdateProfileRequestSchema } from './profile.schema.ts';

const otherName = (value: string) => ZUpdateProfileRequestSchema.safeParse({ otherScriptName: value });

describe('name in the other script', () => {
  it('takes a name written wholly in Latin letters or wholly in Devanagari, tidied', () => {
    for (const name of ['Sunita Devi', "D'Souza", 'Anne-Marie', 'सुनीता देवी', 'क्षत्रिय', 'श्री. राम']) expect(otherName(name).success, name).toBe(true);
    expect(otherName('  सुनीता   देवी ').data?.otherScriptName).toBe('सुनीता देवी');
    expect(otherName('').data?.otherScriptName).toBeNull();
  });

  it('refuses mixed scripts, digits, the danda, a leading vowel sign, and lengths outside 2–100', () => {
    for (const name of ['Sunita देवी', 'राम १२', 'Ram 12', 'सुनीता।', 'ि सुनीता', 'A', 'a'.repeat(101), '<b>x</b>']) {
      expect(otherName(name).success, name).toBe(false);
    }
  });

  it('tells the script of a registered name', () => {
    expect(scriptOfName('Sunita Devi')).toBe('latin');
    expect(scriptOfName('सुनीता देवी')).toBe('devanagari');
  });
});
