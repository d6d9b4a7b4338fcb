/**
 * The blog of a fresh site: the four question-and-answer articles the specification asks for
 * (SPEC, Blog), as the first posts, dated 2022 as the rest of the original site; each paragraph
 * is a Markdown paragraph. (These texts were the static blog page before posts existed.)
 */
export interface SeedPost {
  slug: string;
  title: string;
  excerpt: string;
  paragraphs: string[];
  tags: string[];
  publishedAt: string;
}

export const seedPosts: SeedPost[] = [
  {
    slug: "sql-vs-nosql",
    title: "What is the difference between SQL and NoSQL databases?",
    excerpt:
      "Tables with a fixed schema and joins, or documents, key-value pairs and graphs shaped by how you read them.",
    paragraphs: [
      "SQL (relational) databases such as PostgreSQL, MySQL and SQLite store data in tables of rows and columns with a schema that is declared up front. Relationships are expressed with foreign keys and combined at query time with joins, and the SQL language lets you ask questions the designers never planned for.",
      "NoSQL is a family name for databases that do not use the relational model: document stores (MongoDB), key-value stores (Redis, DynamoDB), wide-column stores (Cassandra) and graph databases (Neo4j). Their data is usually shaped around the way the application reads it, for example a whole order with its lines in one document, so that a common read is a single lookup.",
      "Relational databases give ACID transactions across many rows and tables, and constraints (unique, not null, foreign keys, checks) that keep the data consistent whatever the application does. Many NoSQL systems were built to spread data over many machines; some relax consistency to do so, although most now offer transactions within limits.",
      "Scaling also differs in emphasis: relational databases traditionally grow vertically (a bigger server, plus read replicas), while many NoSQL stores partition data horizontally from the start. Modern systems blur the line: PostgreSQL stores and indexes JSON documents, and MongoDB supports multi-document transactions.",
      "A practical rule: choose a relational database when the data has clear relationships and integrity matters (orders, payments, reviews that belong to users), and a NoSQL store when the access pattern is simple and known, the volume is huge, or the data is naturally a document, a cache entry or a graph.",
    ],
    tags: ["Databases"],
    publishedAt: "2022-05-16T09:00:00.000Z",
  },
  {
    slug: "jwt",
    title: "What is JWT, and how does it work?",
    excerpt:
      "A signed, compact token that carries claims about a user, checked by the server without a session lookup.",
    paragraphs: [
      "A JSON Web Token (JWT, RFC 7519) is a compact string that carries claims, for example who the user is and when the token expires, in a form the receiver can verify. It has three Base64URL-encoded parts separated by dots: a header (the signing algorithm, such as HS256 or RS256), a payload (the claims, such as sub, iat and exp) and a signature.",
      "The server creates the signature over the header and payload with a secret key (HMAC) or a private key (RSA or ECDSA). When the token comes back, usually in an Authorization: Bearer header, the server recomputes or verifies the signature; if anything in the token was changed, verification fails. It then checks the expiry and other claims before trusting it.",
      "A JWT is signed, not encrypted: anyone holding it can decode and read the payload, so it must never contain secrets such as passwords. Because the server can verify it without looking anything up, it suits APIs and services that do not share a session store.",
      "That same property is the main drawback: a token stays valid until it expires, so revoking it early needs extra work, such as short lifetimes, a denylist or a version number stored per user. Tokens should be sent only over HTTPS, the algorithm should be fixed on the server (never taken from the token), and in browsers an httpOnly cookie is safer than local storage, which any injected script can read.",
    ],
    tags: ["Security", "Web development"],
    publishedAt: "2022-04-11T09:00:00.000Z",
  },
  {
    slug: "javascript-vs-nodejs",
    title: "What is the difference between JavaScript and Node.js?",
    excerpt:
      "One is a programming language; the other is a runtime that runs it outside the browser.",
    paragraphs: [
      "JavaScript is a programming language, standardised as ECMAScript. It defines the syntax, types, objects, functions, promises and modules, but not how a program reads a file or draws on a screen: those come from the environment that runs it.",
      "Node.js is such an environment: a runtime built on Google's V8 JavaScript engine and the libuv library that lets JavaScript run on servers and computers rather than in a web page. It adds APIs for files (fs), networking (http, net), processes, streams and cryptography, and comes with npm for installing packages.",
      "In the browser, JavaScript gets the DOM, window, fetch, localStorage and other web APIs, and runs in a sandbox for security. In Node.js there is no DOM or window; instead there is access to the file system, the network and the operating system. Modern Node.js also supports many web-standard APIs such as fetch, URL and Web Streams.",
      "So JavaScript is the language, Node.js is one place to run it. Typical Node.js uses are web servers and APIs, command-line tools, build tools and real-time services such as chat; typical browser JavaScript makes pages interactive.",
    ],
    tags: ["JavaScript", "Node.js"],
    publishedAt: "2022-03-14T09:00:00.000Z",
  },
  {
    slug: "nodejs-concurrency",
    title: "How does Node.js handle many requests at the same time?",
    excerpt:
      "One thread runs your JavaScript; the event loop and non-blocking I/O keep it busy while the operating system waits.",
    paragraphs: [
      "Node.js runs your JavaScript on a single main thread, yet one process can serve thousands of connections at once. The key is non-blocking I/O: when code reads a file, queries a database or waits for a network response, Node.js starts the operation and moves on instead of waiting.",
      "The event loop, provided by libuv, is the mechanism behind this. It repeatedly checks for completed operations and runs their callbacks (or resumes the async functions waiting on their promises) in phases: timers, pending callbacks, polling for I/O, setImmediate callbacks and close callbacks, with promise microtasks run between each callback.",
      "Network I/O is handled by the operating system's own event notification (epoll on Linux, kqueue on macOS, IOCP on Windows). Work that has no such interface, like file system calls, DNS lookups with getaddrinfo, compression and some cryptography, runs on libuv's worker thread pool (four threads by default).",
      "The consequence is that Node.js is excellent at I/O-heavy work, but a long CPU-bound computation on the main thread blocks every other request until it finishes. Such work belongs in worker_threads, a separate process, or a job queue; and to use every CPU core, run several Node.js processes (for example with the cluster module or behind a load balancer).",
    ],
    tags: ["Node.js"],
    publishedAt: "2022-02-07T09:00:00.000Z",
  },
];
