//! A small JSON reader for game files: objects keep their keys in file order, every value
//! knows the byte offset where it starts, and no input makes it panic.
//!
//! It follows the JSON grammar (RFC 8259) as Python's `json` module reads it in its strict
//! mode: no comments, no trailing commas, no control characters inside strings, a repeated
//! key keeps its first place in the object but takes the last value given. Nesting deeper
//! than [`MAX_DEPTH`] is refused rather than risking the stack.

use std::fmt;

/// How deep arrays and objects may nest.
pub(crate) const MAX_DEPTH: usize = 64;

/// A JSON value and the byte offset where it starts in the text.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Spanned {
    /// The value.
    pub value: Value,
    /// Byte offset of the value's first character.
    pub offset: usize,
}

/// A JSON value.
#[derive(Debug, Clone, PartialEq)]
pub(crate) enum Value {
    /// `null`.
    Null,
    /// `true` or `false`.
    Bool(bool),
    /// A number: its integer value when it is written as an integer that fits `i64`.
    Number(Number),
    /// A string, escapes decoded.
    String(String),
    /// An array.
    Array(Vec<Spanned>),
    /// An object: its members in the order their keys first appear.
    Object(Vec<Member>),
}

/// A number as written.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Number {
    /// The value when written without fraction or exponent and within `i64`.
    pub int: Option<i64>,
    /// The value as a float (infinite when too large).
    pub float: f64,
    /// The number's text.
    pub text: String,
}

/// One member of an object.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Member {
    /// The key.
    pub key: String,
    /// Byte offset of the key's opening quote.
    pub key_offset: usize,
    /// The value.
    pub value: Spanned,
}

impl fmt::Display for Value {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Value::Null => f.write_str("null"),
            Value::Bool(b) => write!(f, "{b}"),
            Value::Number(n) => f.write_str(&n.text),
            Value::String(s) => write!(f, "{s:?}"),
            Value::Array(items) => {
                f.write_str("[")?;
                for (i, item) in items.iter().enumerate() {
                    if i > 0 {
                        f.write_str(", ")?;
                    }
                    write!(f, "{}", item.value)?;
                }
                f.write_str("]")
            }
            Value::Object(members) => {
                f.write_str("{")?;
                for (i, m) in members.iter().enumerate() {
                    if i > 0 {
                        f.write_str(", ")?;
                    }
                    write!(f, "{:?}: {}", m.key, m.value.value)?;
                }
                f.write_str("}")
            }
        }
    }
}

/// A syntax error: what was expected and the byte offset where reading stopped.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct SyntaxError {
    /// Byte offset in the text.
    pub offset: usize,
    /// What is wrong there.
    pub message: &'static str,
}

/// Reads one JSON value at the start of the text (after white space); returns it and the
/// byte offset just past it.
pub(crate) fn parse_prefix(text: &str) -> Result<(Spanned, usize), SyntaxError> {
    let mut p = Parser {
        bytes: text.as_bytes(),
        pos: 0,
    };
    p.skip_ws();
    let value = p.value(0)?;
    Ok((value, p.pos))
}

struct Parser<'a> {
    bytes: &'a [u8],
    pos: usize,
}

impl Parser<'_> {
    fn err(&self, message: &'static str) -> SyntaxError {
        SyntaxError {
            offset: self.pos,
            message,
        }
    }

    fn peek(&self) -> Option<u8> {
        self.bytes.get(self.pos).copied()
    }

    fn skip_ws(&mut self) {
        while let Some(b' ' | b'\t' | b'\n' | b'\r') = self.peek() {
            self.pos += 1;
        }
    }

    fn value(&mut self, depth: usize) -> Result<Spanned, SyntaxError> {
        let offset = self.pos;
        let value = match self.peek() {
            None => return Err(self.err("expected a value, found the end of the text")),
            Some(b'{') => self.object(depth)?,
            Some(b'[') => self.array(depth)?,
            Some(b'"') => Value::String(self.string()?),
            Some(b't') => self.literal("true", Value::Bool(true))?,
            Some(b'f') => self.literal("false", Value::Bool(false))?,
            Some(b'n') => self.literal("null", Value::Null)?,
            Some(b'-' | b'0'..=b'9') => Value::Number(self.number()?),
            Some(_) => return Err(self.err("expected a value")),
        };
        Ok(Spanned { value, offset })
    }

    fn literal(&mut self, word: &'static str, value: Value) -> Result<Value, SyntaxError> {
        if self.bytes[self.pos..].starts_with(word.as_bytes()) {
            self.pos += word.len();
            Ok(value)
        } else {
            Err(self.err("expected true, false or null"))
        }
    }

    fn object(&mut self, depth: usize) -> Result<Value, SyntaxError> {
        if depth >= MAX_DEPTH {
            return Err(self.err("arrays and objects nest too deep"));
        }
        self.pos += 1;
        let mut members: Vec<Member> = Vec::new();
        self.skip_ws();
        if self.peek() == Some(b'}') {
            self.pos += 1;
            return Ok(Value::Object(members));
        }
        loop {
            self.skip_ws();
            if self.peek() != Some(b'"') {
                return Err(self.err("expected a string key"));
            }
            let key_offset = self.pos;
            let key = self.string()?;
            self.skip_ws();
            if self.peek() != Some(b':') {
                return Err(self.err("expected ':' after the key"));
            }
            self.pos += 1;
            self.skip_ws();
            let value = self.value(depth + 1)?;
            match members.iter_mut().find(|m| m.key == key) {
                Some(m) => m.value = value,
                None => members.push(Member {
                    key,
                    key_offset,
                    value,
                }),
            }
            self.skip_ws();
            match self.peek() {
                Some(b',') => self.pos += 1,
                Some(b'}') => {
                    self.pos += 1;
                    return Ok(Value::Object(members));
                }
                _ => return Err(self.err("expected ',' or '}' in the object")),
            }
        }
    }

    fn array(&mut self, depth: usize) -> Result<Value, SyntaxError> {
        if depth >= MAX_DEPTH {
            return Err(self.err("arrays and objects nest too deep"));
        }
        self.pos += 1;
        let mut items = Vec::new();
        self.skip_ws();
        if self.peek() == Some(b']') {
            self.pos += 1;
            return Ok(Value::Array(items));
        }
        loop {
            self.skip_ws();
            items.push(self.value(depth + 1)?);
            self.skip_ws();
            match self.peek() {
                Some(b',') => self.pos += 1,
                Some(b']') => {
                    self.pos += 1;
                    return Ok(Value::Array(items));
                }
                _ => return Err(self.err("expected ',' or ']' in the array")),
            }
        }
    }

    fn digits(&mut self) -> usize {
        let start = self.pos;
        while let Some(b'0'..=b'9') = self.peek() {
            self.pos += 1;
        }
        self.pos - start
    }

    fn number(&mut self) -> Result<Number, SyntaxError> {
        let start = self.pos;
        if self.peek() == Some(b'-') {
            self.pos += 1;
        }
        match self.peek() {
            Some(b'0') => self.pos += 1,
            Some(b'1'..=b'9') => {
                self.digits();
            }
            _ => return Err(self.err("expected a digit")),
        }
        let mut integral = true;
        if self.peek() == Some(b'.') {
            integral = false;
            self.pos += 1;
            if self.digits() == 0 {
                return Err(self.err("expected a digit after '.'"));
            }
        }
        if let Some(b'e' | b'E') = self.peek() {
            integral = false;
            self.pos += 1;
            if let Some(b'+' | b'-') = self.peek() {
                self.pos += 1;
            }
            if self.digits() == 0 {
                return Err(self.err("expected a digit in the exponent"));
            }
        }
        // The number's bytes are ASCII, so this slice is valid UTF-8.
        let text = String::from_utf8_lossy(&self.bytes[start..self.pos]).into_owned();
        let int = if integral {
            text.parse::<i64>().ok()
        } else {
            None
        };
        let float = text.parse::<f64>().unwrap_or(f64::NAN);
        Ok(Number { int, float, text })
    }

    fn hex4(&mut self) -> Result<u32, SyntaxError> {
        let mut v = 0u32;
        for _ in 0..4 {
            let d = match self.peek() {
                Some(c @ b'0'..=b'9') => c - b'0',
                Some(c @ b'a'..=b'f') => c - b'a' + 10,
                Some(c @ b'A'..=b'F') => c - b'A' + 10,
                _ => return Err(self.err("expected four hex digits after \\u")),
            };
            v = v * 16 + u32::from(d);
            self.pos += 1;
        }
        Ok(v)
    }

    fn string(&mut self) -> Result<String, SyntaxError> {
        self.pos += 1; // the opening quote
        let mut out = Vec::new();
        loop {
            let Some(b) = self.peek() else {
                return Err(self.err("the string is not closed"));
            };
            match b {
                b'"' => {
                    self.pos += 1;
                    // Only whole UTF-8 sequences of the input and encoded chars were pushed.
                    return String::from_utf8(out)
                        .map_err(|_| self.err("the string is not valid UTF-8"));
                }
                b'\\' => {
                    self.pos += 1;
                    let c = match self.peek() {
                        Some(b'"') => '"',
                        Some(b'\\') => '\\',
                        Some(b'/') => '/',
                        Some(b'b') => '\u{8}',
                        Some(b'f') => '\u{c}',
                        Some(b'n') => '\n',
                        Some(b'r') => '\r',
                        Some(b't') => '\t',
                        Some(b'u') => {
                            self.pos += 1;
                            let first = self.hex4()?;
                            let code = if (0xD800..0xDC00).contains(&first)
                                && self.bytes[self.pos..].starts_with(b"\\u")
                            {
                                let save = self.pos;
                                self.pos += 2;
                                let second = self.hex4()?;
                                if (0xDC00..0xE000).contains(&second) {
                                    0x10000 + ((first - 0xD800) << 10) + (second - 0xDC00)
                                } else {
                                    self.pos = save;
                                    first
                                }
                            } else {
                                first
                            };
                            // A lone surrogate (Python keeps it) becomes U+FFFD here.
                            let c = char::from_u32(code).unwrap_or('\u{FFFD}');
                            let mut buf = [0u8; 4];
                            out.extend_from_slice(c.encode_utf8(&mut buf).as_bytes());
                            continue;
                        }
                        _ => return Err(self.err("unknown escape in the string")),
                    };
                    self.pos += 1;
                    let mut buf = [0u8; 4];
                    out.extend_from_slice(c.encode_utf8(&mut buf).as_bytes());
                }
                0..=0x1f => return Err(self.err("control character inside the string")),
                _ => {
                    out.push(b);
                    self.pos += 1;
                }
            }
        }
    }
}
