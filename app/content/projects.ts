import type { Project, ProjectCta } from "./project-schema";

/**
 * The portfolio as the site first shows it (docs/product.md#projects: ten slugs, in this order).
 * The first start imports it into the database, where the studio edits it (docs/content.md);
 * after that, this module is only that first content.
 *
 * `image` is the path prefix of the generated variants: `npm run images` turns
 * images/projects/<slug>.svg into <prefix>-{640,960,1280}.{avif,webp} and an
 * Open Graph JPEG (<prefix>-og.jpg). See docs/content.md.
 */
const contactCta: ProjectCta = { url: "/contact", label: "Build something similar", external: false };

export const initialProjects: Project[] = [
  {
    slug: "ai-property-assistant",
    title: "AI Property Assistant",
    client: "Residential property manager, Oslo",
    year: 2024,
    tags: ["Real estate", "Chat assistant", "Retrieval"],
    description:
      "A tenant assistant that answers questions from leases and house rules, and drafts replies for the management team to approve.",
    image: "/images/projects/ai-property-assistant",
    alt: "Illustration of a chat window beside an apartment building, with a reply citing a clause of the lease",
    outcome: "78% of tenant questions answered without staff, saving the team 46 hours per month.",
    summary: [
      "A property manager with 1,400 apartments was answering the same questions every day: when the laundry room opens, who fixes a broken radiator, whether a dog is allowed. Answers lived in 230 different leases and a binder of house rules.",
      "We built an assistant that reads each tenant message, finds the relevant clause in that tenant's own lease, and either answers directly or drafts a reply for a human when money, complaints or safety are involved. Every answer cites its source, so staff can check it in one click.",
    ],
    features: [
      "Answers grounded in each tenant's own lease, with the clause cited",
      "Human approval for anything involving money, complaints or safety",
      "Works in Norwegian and English, by e-mail and on the tenant portal",
      "Weekly digest of recurring issues for the maintenance team",
    ],
    cta: contactCta,
    caseStudy: {
      facts: [
        { label: "Timeline", value: "11 weeks" },
        { label: "Team", value: "2 engineers, 1 designer" },
        { label: "Channels", value: "E-mail and tenant portal" },
      ],
      problem: [
        "Four people on the front desk answered about 2,100 tenant messages a month. Two thirds were questions a lease already answered, but finding the right clause in the right one of 230 leases took longer than writing the reply.",
        "Urgent reports, a leak or a broken lock, waited in the same queue as questions about the laundry room, and the first reply took five hours on a normal day.",
      ],
      approach: [
        {
          title: "Read the inbox",
          text: "With the front desk we sorted three months of anonymised messages into 41 recurring questions and the cases that must always reach a person.",
        },
        {
          title: "Ground every answer",
          text: "Leases and house rules were split into clauses and indexed per building, so the assistant only ever cites the tenant's own lease.",
        },
        {
          title: "Draw the line",
          text: "Money, complaints and safety go to a person with a drafted reply, approved in one click or edited first.",
        },
        {
          title: "Measure every week",
          text: "A set of 300 real questions ran on every change; nothing shipped that answered fewer of them correctly than the week before.",
        },
      ],
      screens: [
        {
          image: "/images/projects/screens/ai-property-assistant-portal",
          alt: "A tenant asks in Norwegian whether a bike may stand in the hallway; the reply points to the bike room and cites clause 4.2 of the lease, shown highlighted beside it",
          caption: "The tenant portal: an answer in the tenant's language, with the lease clause it came from.",
        },
        {
          image: "/images/projects/screens/ai-property-assistant-queue",
          alt: "The front desk's queue of messages tagged Money, Safety and Complaint, with a drafted reply to a water leak and an Approve and send button",
          caption: "The front desk's queue: drafted replies for money, safety and complaints, waiting for a person.",
        },
      ],
      results: [
        { value: "78%", label: "of tenant questions answered without staff" },
        { value: "46 h", label: "of front-desk time saved every month" },
        { value: "4 min", label: "median time to a first reply, down from five hours" },
      ],
      stack: ["TypeScript", "React Router", "PostgreSQL with pgvector", "GPT-4o mini in an EU region", "Microsoft 365 mail"],
      quote: {
        text: "Our front desk used to spend the morning searching leases. Now they spend it on the tenants who need a person, and when the assistant answers, it shows exactly which clause it relied on.",
        by: "Kari Nymoen",
        role: "Head of tenant services",
      },
    },
  },
  {
    slug: "rentals-in-thailand",
    title: "Rentals in Thailand",
    client: "Long-stay rental marketplace, Chiang Mai",
    year: 2024,
    tags: ["Marketplace", "Translation", "Search"],
    description:
      "A long-stay rental marketplace where AI translates listings into five languages and matches renters by how they actually want to live.",
    image: "/images/projects/rentals-in-thailand",
    alt: "Illustration of a map of northern Thailand with rental listings pinned and a search box asking for a quiet place near a market",
    outcome: "Enquiries per listing up 2.3 times, with listings published in five languages in under a minute.",
    summary: [
      "The founders ran a successful Facebook group for people moving to Chiang Mai for months at a time. Landlords wrote in Thai, renters searched in English, German or Russian, and nothing could be filtered.",
      "We built a marketplace where a landlord posts once in Thai and the listing appears in five languages, checked for meaning rather than word by word. Renters describe what they need in plain words, such as a quiet street, a desk and a market nearby, and search ranks listings by it.",
    ],
    features: [
      "Listing translation into English, German, Russian and Chinese with a glossary for local terms",
      "Natural-language search ranked by neighbourhood, noise and commute",
      "Landlord verification and a deposit-protection checklist",
      "Monthly-rate pricing guidance from comparable listings",
    ],
    cta: contactCta,
    reference: { label: "Read the client reference", to: "/references/rentals-in-thailand" },
    caseStudy: {
      facts: [
        { label: "Timeline", value: "11 weeks" },
        { label: "Team", value: "2 engineers, 1 designer, working with the founders in Chiang Mai" },
        { label: "Platforms", value: "Mobile web for landlords, web for renters" },
      ],
      problem: [
        "The founders' Facebook group had grown to thirty thousand members, but a listing scrolled out of sight within hours. Landlords posted in Thai, most renters could not read it, and the founders spent their evenings translating posts by hand for people who messaged them.",
        "Renters asked the same questions under every post, whether the street was quiet, whether there was a desk, how far the market was, because none of it could be searched or filtered.",
      ],
      approach: [
        {
          title: "Post once, in Thai",
          text: "Landlords post from their phone in their own language; we kept the form to the seven things renters asked about most in the group.",
        },
        {
          title: "Translate for meaning",
          text: "Each translation is checked against the Thai original by a second model pass, with a glossary so a soi stays a soi and deposit terms are never reworded.",
        },
        {
          title: "Search the way people talk",
          text: "A renter's plain-words request is turned into weighted criteria and ranked with neighbourhood data, past tenants' noise reports and commute times.",
        },
        {
          title: "Test with landlords first",
          text: "Twelve landlords from the group tried every release in Thai before it went live, and their confusions shaped the form.",
        },
      ],
      screens: [
        {
          image: "/images/projects/screens/rentals-in-thailand-post",
          alt: "A landlord's phone showing a new listing for a one-bedroom flat near Nimman with the Thai original checked and five language versions, English, German, Russian and Chinese, marked published in 48 seconds",
          caption: "The landlord's phone: one listing written in Thai, published in five languages in under a minute.",
        },
        {
          image: "/images/projects/screens/rentals-in-thailand-search",
          alt: "The renter's search for a quiet street with a desk and a market nearby, with three ranked flats on a map of Chiang Mai, each showing why it matched: noise reports, a desk and minutes to the market",
          caption: "The renter's search: results ranked by the way they want to live, with the reasons shown.",
        },
      ],
      results: [
        { value: "2.3×", label: "enquiries per listing, compared with posts in the group" },
        { value: "< 1 min", label: "from a landlord's post to five published languages" },
        { value: "11 weeks", label: "from kick-off to launch" },
      ],
      stack: ["TypeScript", "Next.js", "PostgreSQL with PostGIS and pgvector", "GPT-4o for translation checks", "Cloudflare Images"],
      quote: {
        text: "Our landlords write in Thai and our renters search in four other languages. A landlord posts once, and a renter in Berlin finds the flat by describing the street they want to live on.",
        by: "Pimchanok Srisuk",
        role: "Co-founder, Rentals in Thailand",
      },
    },
  },
  {
    slug: "shno-bergendorff",
    title: "Shno Bergendorff",
    client: "Ceramics and interiors brand, Copenhagen",
    year: 2023,
    tags: ["E-commerce", "Visual search", "Styling"],
    description: "An online shop for handmade ceramics with a styling assistant that suggests pieces from a photo of your own table.",
    image: "/images/projects/shno-bergendorff",
    alt: "Illustration of handmade ceramic bowls and vases on a shelf beside a phone showing matching suggestions",
    outcome: "Average order value up 31% after customers started using the photo styling assistant.",
    summary: [
      "Shno Bergendorff makes small batches of glazed ceramics. Customers loved the pieces in the studio but struggled to picture them at home, and every batch looks slightly different.",
      "We rebuilt the shop around the batches and added a styling assistant: upload a photo of your table or shelf, and it suggests pieces whose colours and shapes fit, with an honest note on glaze variation.",
    ],
    features: [
      "Photo-based styling suggestions matched on colour and form",
      "Batch-aware catalogue so every listing shows the real piece",
      "Product descriptions drafted from the maker's notes, edited by the studio",
      "Care guides and glaze explanations generated per batch",
    ],
    cta: contactCta,
    reference: { label: "Read the client reference", to: "/references/shnobergendorff" },
    caseStudy: {
      facts: [
        { label: "Timeline", value: "9 weeks" },
        { label: "Team", value: "1 engineer, 1 designer, the studio's two employees" },
        { label: "Platforms", value: "Web shop on mobile and desktop" },
      ],
      problem: [
        "Shno Bergendorff sold well at markets, where people could hold a bowl, but online customers hesitated over glazes that look different on every screen, and too many pieces came back because the colour was not what they expected.",
        "The old shop showed one studio photo per product, although no two batches come out of the kiln alike, so the piece a customer received often did not match the piece they had ordered.",
      ],
      approach: [
        {
          title: "Sell the batch, not the product",
          text: "We rebuilt the catalogue around kiln batches, so the studio photographs a batch once and every listing shows the pieces a customer will actually receive.",
        },
        {
          title: "Read the customer's room",
          text: "The styling assistant picks the dominant colours and shapes out of a photo of the customer's table or shelf and matches them against each batch's glaze and form.",
        },
        {
          title: "Be honest about glaze",
          text: "Every suggestion says when a glaze is likely to look darker or lighter at home, in the maker's own words rather than the model's.",
        },
        {
          title: "Test with regulars",
          text: "Twenty regular customers tried the assistant with their own photos before launch; their questions became the care guides and glaze notes.",
        },
      ],
      screens: [
        {
          image: "/images/projects/screens/shno-bergendorff-styling",
          alt: "A phone with a customer's photo of an oak table, the colours picked out of it as swatches, and three suggested pieces from batch 23-14 with a note that the fjord glaze looks darker in warm evening light",
          caption: "The styling assistant: pieces that fit the customer's own table, with an honest note on the glaze.",
        },
        {
          image: "/images/projects/screens/shno-bergendorff-batch",
          alt: "The studio's batch page for batch 23-14 in fjord glaze with eighteen photographed pieces, the maker's notes beside a drafted product description, and an Approve and publish button",
          caption: "The studio's side: a batch photographed once, its description drafted from the maker's notes.",
        },
      ],
      results: [
        { value: "+31%", label: "average order value once customers used the styling assistant" },
        { value: "−42%", label: "returns for colour reasons" },
        { value: "9 weeks", label: "from kick-off to launch" },
      ],
      stack: ["TypeScript", "Remix on Shopify Hydrogen", "Shopify Storefront API", "GPT-4o vision", "Colour matching in the CIELAB space"],
      quote: {
        text: "Every one of our bowls is a little different, and the shop now shows that instead of hiding it. Customers send us photos of their tables before they order, and they buy with confidence.",
        by: "Shno Bergendorff",
        role: "Founder and ceramicist",
      },
    },
  },
  {
    slug: "lawsecai",
    title: "LawSecAI",
    client: "Legal-tech start-up, Oslo",
    year: 2025,
    tags: ["Legal tech", "Compliance", "Document AI"],
    description:
      "Reviews data processing agreements against GDPR requirements and flags missing or risky clauses before a lawyer signs off.",
    image: "/images/projects/lawsecai",
    alt: "Illustration of a contract with three highlighted clauses and a shield icon marking one as missing",
    outcome: "First-pass review of a data processing agreement cut from 90 minutes to 12.",
    summary: [
      "In-house lawyers at mid-sized companies review dozens of data processing agreements each quarter, mostly checking the same twenty requirements of GDPR Article 28.",
      "LawSecAI reads the agreement, maps each clause to the requirement it covers, and produces a checklist with missing, weak and unusual clauses highlighted. The lawyer stays in charge: every finding links to the exact text and can be accepted or dismissed.",
    ],
    features: [
      "Clause-by-clause mapping to GDPR Article 28 requirements",
      "Findings linked to the exact sentence in the document",
      "Suggested replacement wording from the company's own playbook",
      "Documents processed and stored in the EU only",
    ],
    cta: contactCta,
    caseStudy: {
      facts: [
        { label: "Timeline", value: "14 weeks" },
        { label: "Team", value: "2 engineers, 1 designer, the founders as legal experts" },
        { label: "Hosting", value: "EU only" },
      ],
      problem: [
        "The founders, two privacy lawyers, knew that in-house teams spent most of a review confirming the same requirements of GDPR Article 28, agreement after agreement.",
        "General-purpose AI tools were out of the question: clients would not upload contracts to a service that might keep them outside the EU, and a reviewer that misses a clause is worse than none.",
      ],
      approach: [
        {
          title: "Write the law as tests",
          text: "With the founders we turned Article 28(3) into 23 checkable requirements, each with examples of strong, weak and missing wording.",
        },
        {
          title: "Map clause by clause",
          text: "Each requirement is matched to the clauses that cover it, and the model must quote the sentence it relied on or report it missing.",
        },
        {
          title: "Test against lawyers",
          text: "120 signed agreements were reviewed by lawyers and by the tool; we tuned until it missed nothing the lawyers had flagged.",
        },
        {
          title: "Keep the lawyer in charge",
          text: "Every finding is accepted or dismissed by a person, and the report records who decided what.",
        },
      ],
      screens: [
        {
          image: "/images/projects/screens/lawsecai-review",
          alt: "A data processing agreement on the left with two sentences highlighted, and an Article 28(3) checklist on the right with two items marked weak and the audit clause marked missing",
          caption: "The review: the agreement beside the Article 28 checklist, each finding linked to its sentence.",
        },
        {
          image: "/images/projects/screens/lawsecai-playbook",
          alt: "A weak deletion clause shown in red above the company's preferred wording in green, with Use suggestion and Dismiss buttons",
          caption: "The playbook: the company's own wording offered in place of a weak clause.",
        },
      ],
      results: [
        { value: "12 min", label: "for a first-pass review, down from 90" },
        { value: "0", label: "clauses missed that the lawyers flagged, across 120 test agreements" },
        { value: "23", label: "Article 28 requirements checked in every document" },
      ],
      stack: ["Python", "FastAPI", "React", "PostgreSQL", "Mistral models hosted in the EU", "Docker"],
      quote: {
        text: "We can explain every finding to a client's data protection officer, because every finding points at the sentence it came from. That is what made lawyers trust it.",
        by: "Hanne Strøm",
        role: "Co-founder, LawSecAI",
      },
    },
  },
  {
    slug: "crypto-trading-dashboard",
    title: "Crypto Trading Dashboard",
    client: "Independent trading desk, Zug",
    year: 2023,
    tags: ["Fintech", "Real-time data", "Anomaly detection"],
    description:
      "A real-time portfolio dashboard across six exchanges, with plain-language alerts when positions or markets behave unusually.",
    image: "/images/projects/crypto-trading-dashboard",
    alt: "Illustration of a dark dashboard with candlestick charts, a portfolio breakdown and an alert card",
    outcome: "Three traders replaced nine browser tabs and a spreadsheet; alerts arrive in under two seconds.",
    summary: [
      "A small trading desk watched positions on six exchanges in separate tabs and reconciled them in a spreadsheet every evening.",
      "We built one dashboard that streams balances and prices from every exchange, and an alerting layer that explains in a sentence why something looks unusual: a spread widening, a withdrawal pending too long, a position drifting past its limit. It informs decisions; it never places trades.",
    ],
    features: [
      "Live balances and positions across six exchanges",
      "Anomaly alerts explained in plain language",
      "End-of-day reconciliation exported for the accountant",
      "Read-only API keys only: the dashboard cannot trade",
    ],
    cta: { url: "https://demo.nordlys.studio/crypto-dashboard", label: "Open the live demo", external: true },
    caseStudy: {
      facts: [
        { label: "Timeline", value: "10 weeks" },
        { label: "Team", value: "2 engineers, 1 designer" },
        { label: "Hosting", value: "A dedicated server in Switzerland" },
      ],
      problem: [
        "Three traders watched positions on six exchanges in nine browser tabs, and spotted trouble by eye: a spread that had quietly widened, a withdrawal stuck for an hour, a position that had drifted past the desk's limit after a fill.",
        "Every evening one of them spent about an hour copying balances into a spreadsheet for the accountant, and a mistake there went unnoticed until the month closed.",
      ],
      approach: [
        {
          title: "Read-only by design",
          text: "The dashboard holds only read-only API keys, so a bug or a stolen password can show a position but never move one.",
        },
        {
          title: "One stream, six venues",
          text: "Each exchange's WebSocket feed is normalised into one event stream, with REST polling as a fallback when a feed goes quiet.",
        },
        {
          title: "Explain, don't just flag",
          text: "Statistical checks find the unusual; a language model then writes one sentence saying what changed, by how much and compared with what.",
        },
        {
          title: "Tune with the traders",
          text: "For two weeks every alert was rated useful or noise by the desk, and thresholds were adjusted until noise was rare.",
        },
      ],
      screens: [
        {
          image: "/images/projects/screens/crypto-trading-dashboard-overview",
          alt: "A dark dashboard with the desk's net value, 24-hour profit and two open alerts, balances on six venues with one marked withdrawal pending, a live price chart and positions shown against their limits with ETH at 91%",
          caption: "The desk's overview: balances, prices and limits on six venues in one window.",
        },
        {
          image: "/images/projects/screens/crypto-trading-dashboard-alert",
          alt: "An alert explaining that a 12.5 ETH withdrawal has been pending for 47 minutes where it usually clears in under 10, detected 1.4 seconds after the event, beside the end-of-day reconciliation with six venues matched and an export button",
          caption: "Alerts in one sentence each, and the evening reconciliation ready for the accountant.",
        },
      ],
      results: [
        { value: "9 → 1", label: "browser tabs and a spreadsheet replaced by one dashboard" },
        { value: "< 2 s", label: "from an unusual event to the alert on screen" },
        { value: "0", label: "trades the dashboard can place: its keys are read-only" },
      ],
      stack: ["TypeScript", "Node.js stream workers", "React", "TimescaleDB", "Redis", "Claude Haiku for alert wording"],
      quote: {
        text: "We used to find out about a stuck withdrawal when someone happened to look at the right tab. Now the dashboard tells us in a sentence, and the evening spreadsheet is simply gone.",
        by: "Lukas Imhof",
        role: "Head trader",
      },
    },
  },
  {
    slug: "musicwave-harmony",
    title: "MusicWave Harmony",
    client: "Music education start-up, Bergen",
    year: 2024,
    tags: ["Music", "Audio AI", "Mobile app"],
    description:
      "A practice app that listens while you play, follows your tempo with a generated accompaniment and shows where you drift off pitch.",
    image: "/images/projects/musicwave-harmony",
    alt: "Illustration of a phone showing a sound wave and piano keys, with notes floating above",
    outcome: "Students practising with the app played 40% longer per session than with a metronome alone.",
    summary: [
      "Music teachers told the founders the same thing: students stop practising when it stops being fun, and practising alone with a metronome is rarely fun.",
      "MusicWave Harmony listens to the student's instrument, follows their tempo with a generated band accompaniment, and marks the bars where pitch or timing drifted, so the next lesson starts where the student struggled.",
    ],
    features: [
      "Accompaniment that follows the player's tempo in real time",
      "Pitch and timing feedback per bar",
      "Shared practice reports for teachers",
      "Works offline on iOS and Android",
    ],
    cta: { url: "https://demo.nordlys.studio/musicwave", label: "Try the web demo", external: true },
    caseStudy: {
      facts: [
        { label: "Timeline", value: "16 weeks" },
        { label: "Team", value: "2 engineers, 1 designer, a violin teacher as adviser" },
        { label: "Platforms", value: "iOS, Android and a web demo" },
      ],
      problem: [
        "The founders, a violin teacher and an audio engineer in Bergen, watched pupils give up between lessons. Practising alone meant a metronome and no idea what went wrong until the next lesson, a week later.",
        "The apps they tried graded a pupil against a recording at a fixed tempo, which punished exactly the slow, careful practice teachers ask for.",
      ],
      approach: [
        {
          title: "Listen on the phone",
          text: "Pitch and onset detection run on the device, so the app works offline in a practice room and no recording leaves the phone.",
        },
        {
          title: "Follow, don't lead",
          text: "The accompaniment is generated bar by bar and follows the player's tempo, slowing down with them instead of leaving them behind.",
        },
        {
          title: "Feedback per bar",
          text: "After a take, the bars where pitch or timing drifted are marked on the score, with the two most worth practising first.",
        },
        {
          title: "Bring the teacher in",
          text: "A weekly report goes to the teacher, so the next lesson starts where the pupil struggled.",
        },
      ],
      screens: [
        {
          image: "/images/projects/screens/musicwave-harmony-practice",
          alt: "A phone in practice mode showing a score with the current bar highlighted and a tempo dial at 84 bpm, beside cards for the piano, bass and drum accompaniment and a note that bar 7 was slightly flat",
          caption: "Practice mode: the band follows the player at 84 bpm and notes where a bar went flat.",
        },
        {
          image: "/images/projects/screens/musicwave-harmony-report",
          alt: "A weekly report with 32 bars coloured green, amber or red by accuracy, and a bar chart of minutes practised each day rising through the week",
          caption: "The teacher's weekly report: which bars to start the next lesson with.",
        },
      ],
      results: [
        { value: "+40%", label: "longer practice sessions than with a metronome alone" },
        { value: "< 30 ms", label: "from a played note to the app's response, on a five-year-old phone" },
        { value: "620", label: "pupils of 14 teachers in the first term" },
      ],
      stack: ["React Native", "C++ audio engine", "Core ML and TensorFlow Lite", "Node.js API", "PostgreSQL"],
      quote: {
        text: "My pupils now arrive knowing which bars they struggled with. The app doesn't replace the lesson; it makes the week between lessons count.",
        by: "Sigrid Haugland",
        role: "Violin teacher and co-founder",
      },
    },
  },
  {
    slug: "qr-code-generator",
    title: "QR Code Generator",
    client: "Nordlys Studio (free tool)",
    year: 2023,
    tags: ["Free tool", "Design", "Analytics"],
    description: "Branded QR codes in your colours, with AI-suggested designs that stay scannable and optional scan statistics.",
    image: "/images/projects/qr-code-generator",
    alt: "Illustration of a green and violet QR code with a logo in the centre beside a scan statistics chart",
    outcome: "More than 18,000 codes generated in its first year, all checked for scannability before download.",
    summary: [
      "We kept seeing beautiful posters with QR codes that no phone could read. So we built a generator that lets people design a code in their brand colours and refuses to let them download one that fails to scan.",
      "An AI assistant proposes colour and pattern combinations from a logo, and every design is tested against several simulated cameras and lighting conditions before download.",
    ],
    features: [
      "Designs suggested from an uploaded logo",
      "Automatic scannability test before download",
      "SVG and PNG export for print and web",
      "Optional, privacy-friendly scan counts",
    ],
    cta: { url: "https://qr.nordlys.studio", label: "Create a QR code", external: true },
    caseStudy: {
      facts: [
        { label: "Timeline", value: "6 weeks, then small releases" },
        { label: "Team", value: "1 engineer, 1 designer" },
        { label: "Platform", value: "Web, free, no account needed" },
      ],
      problem: [
        "Clients kept showing us printed menus, posters and shop windows with handsome QR codes that phones could not read: pale colours on pale paper, logos covering the finder patterns, codes printed a centimetre wide.",
        "The generators they had used would export anything, so the fault was found only after the print run. A reprint of a batch of posters or menus costs a small business far more than the design did.",
      ],
      approach: [
        {
          title: "Start from the brand",
          text: "An uploaded logo gives the brand colours, and the assistant proposes combinations of colour, module shape and eye style that suit it.",
        },
        {
          title: "Test like a phone",
          text: "Every design is rendered and read by a standard decoder through six simulated cameras: an older phone, dim light, glare, an angle, blur and a small print.",
        },
        {
          title: "Refuse a bad download",
          text: "A design that fails any test cannot be downloaded; the tool says which test failed and suggests the smallest change that passes.",
        },
        {
          title: "Count without tracking",
          text: "Scan counts are optional and store only a daily total per code, with no IP address, device or location kept.",
        },
      ],
      screens: [
        {
          image: "/images/projects/screens/qr-code-generator-design",
          alt: "The design editor with a bakery's logo uploaded, three suggested designs in forest green and honey, one marked as failing with a contrast of 1.9 to 1, and the chosen code shown large with its colours and link",
          caption: "The editor: designs suggested from the logo, each with its contrast checked.",
        },
        {
          image: "/images/projects/screens/qr-code-generator-scantest",
          alt: "The scan test showing six simulated cameras, an older phone, dim light, glare, a 40 degree angle, blur and a 2.5 cm print, all reading the code, beside the smallest safe print size and download buttons for SVG and PNG",
          caption: "The scan test: six simulated cameras must read the code before it can be downloaded.",
        },
      ],
      results: [
        { value: "18,000+", label: "codes generated in the first year" },
        { value: "100%", label: "of downloads checked for scannability first" },
        { value: "1 in 5", label: "first designs failed a test and were fixed before download" },
      ],
      stack: ["TypeScript", "React", "ZXing decoder in a Web Worker", "Canvas rendering", "A small EU-hosted model for design suggestions"],
      quote: {
        text: "I used to order a test print of every code before a run. Now the tool tells me the smallest size that will scan, and it has not been wrong yet.",
        by: "Tonje Rasmussen",
        role: "Graphic designer at a print shop in Drammen",
      },
    },
  },
  {
    slug: "game-creator",
    title: "Game Creator",
    client: "Kvist Learning, for schools",
    year: 2025,
    tags: ["Education", "Generative AI", "Games"],
    description: "Pupils describe a game in a few sentences and get a playable 2D browser game they can then change block by block.",
    image: "/images/projects/game-creator",
    alt: "Illustration of a simple platform game with a fox character, beside a text box describing the game",
    outcome: "Used in 37 classrooms; pupils' own games became the most-opened assignments of the term.",
    summary: [
      "Teachers wanted pupils aged 10 to 15 to learn programming concepts by making something they care about, but most game tools take a full term before anything playable appears.",
      "Game Creator turns a short description into a playable game in about a minute, then shows the generated logic as visual blocks the pupil can change. The fun comes first; the concepts follow from wanting to change something.",
    ],
    features: [
      "Playable 2D games generated from a short description",
      "Generated logic shown as editable visual blocks",
      "Classroom mode with teacher review before sharing",
      "Content filters designed with teachers for ages 10 to 15",
    ],
    cta: { url: "https://games.nordlys.studio", label: "Play example games", external: true },
    caseStudy: {
      facts: [
        { label: "Timeline", value: "15 weeks, including a pilot term" },
        { label: "Team", value: "2 engineers, 1 designer, 4 teachers from Kvist Learning" },
        { label: "Platform", value: "Browser, on school Chromebooks and iPads" },
      ],
      problem: [
        "Kvist Learning's teachers wanted pupils aged 10 to 15 to learn loops, conditions and variables by making a game they cared about. With the block tools they had, a class spent most of a term before anything on screen felt like a game, and many pupils gave up first.",
        "Free AI game generators were no answer for a school: they produced code no pupil could read, had no teacher in the loop, and let anything through.",
      ],
      approach: [
        {
          title: "Generate into blocks",
          text: "The model writes a game in a small rule language of our own, never free code, so every rule it makes can be shown and edited as a visual block.",
        },
        {
          title: "Playable in a minute",
          text: "Sprites, levels and rules come from a curated library for ages 10 to 15, so a description becomes a game in about a minute and always runs.",
        },
        {
          title: "Filters written with teachers",
          text: "Four teachers wrote the content rules with us, and anything borderline goes to the teacher instead of being silently refused.",
        },
        {
          title: "A term in real classrooms",
          text: "We piloted with six classes; the teachers' notes on where pupils got stuck reshaped the block editor twice.",
        },
      ],
      screens: [
        {
          image: "/images/projects/screens/game-creator-blocks",
          alt: "A pupil's platform game with a fox collecting coins beside the generated rules as visual blocks, one block changed so the jump height goes from 3 to 5, and a score of 12 coins",
          caption: "The pupil's view: the game on the left, its rules as blocks they can change on the right.",
        },
        {
          image: "/images/projects/screens/game-creator-classroom",
          alt: "The teacher's classroom view for class 7B listing pupils' games waiting for review, one flagged by the content filter for a word in its description, with Approve for sharing and Send back buttons",
          caption: "Classroom mode: the teacher reviews every game before the class can play it.",
        },
      ],
      results: [
        { value: "37", label: "classrooms using it in the first school year" },
        { value: "#1", label: "pupils' own games were the most-opened assignments of the term" },
        { value: "~1 min", label: "from a pupil's description to a playable game" },
      ],
      stack: [
        "TypeScript",
        "Phaser",
        "Blockly",
        "A rule language of our own, checked before it runs",
        "GPT-4o mini in an EU region",
        "PostgreSQL",
      ],
      quote: {
        text: "The pupils start by playing their own game and end up asking how the jump works. That question used to take us half a term to reach.",
        by: "Eirik Dahle",
        role: "Teacher and curriculum lead, Kvist Learning",
      },
    },
  },
  {
    slug: "marbella-academy",
    title: "Marbella Academy",
    client: "Language and hospitality school, Marbella",
    year: 2024,
    tags: ["Education", "AI tutor", "Multilingual"],
    description:
      "An AI conversation tutor and course platform for a language and hospitality school, available to students between classes.",
    image: "/images/projects/marbella-academy",
    alt: "Illustration of a seaside town with a chat bubble in Spanish and a course progress card",
    outcome: "Course completion rose from 64% to 83% in the first two intakes.",
    summary: [
      "Marbella Academy trains hotel and restaurant staff in Spanish and English. Students had plenty of grammar exercises but little chance to practise real conversations between classes.",
      "We built a course platform with a conversation tutor that role-plays hotel check-ins, restaurant orders and complaints at the student's level, corrects gently, and tells the teacher which situations the class finds hardest.",
    ],
    features: [
      "Role-play conversations set in hotels and restaurants",
      "Feedback adapted to each student's level",
      "Class insights for teachers before each lesson",
      "Voice practice on mobile with pronunciation hints",
    ],
    cta: contactCta,
    caseStudy: {
      facts: [
        { label: "Timeline", value: "12 weeks" },
        { label: "Team", value: "2 engineers, 1 designer, the school's three language teachers" },
        { label: "Platforms", value: "iOS, Android and the web" },
      ],
      problem: [
        "Marbella Academy trains receptionists, waiters and housekeeping staff, most of them working shifts while they study. Grammar exercises were easy to do on a phone at night; speaking practice happened only in class, twice a week, with fifteen students sharing one teacher.",
        "About a third of each intake dropped out before the end of the course, and in exit interviews the reason given most often was not feeling ready to speak to a real guest.",
      ],
      approach: [
        {
          title: "Scenes from real shifts",
          text: "With the teachers we wrote 40 scenes from hotel and restaurant work, from a late check-in to a guest with an allergy, each with goals the student must reach.",
        },
        {
          title: "Level the tutor",
          text: "The tutor keeps to the vocabulary of the student's level, A2 to B2, and plays the guest more patiently or more hurriedly as the student grows.",
        },
        {
          title: "Correct gently",
          text: "Mistakes are not interrupted; after the scene the student sees three corrections at most, each with a better way to say it.",
        },
        {
          title: "Brief the teacher",
          text: "Before each class the teacher sees which scenes the group found hardest, so class time goes to what students cannot yet practise alone.",
        },
      ],
      screens: [
        {
          image: "/images/projects/screens/marbella-academy-roleplay",
          alt: "A phone in a role-play where the tutor plays a hotel guest complaining in Spanish about noise in room 214, the student's reply, a gentle correction suggesting a more polite phrase, and a microphone button for voice practice",
          caption: "A role-play on the phone: a guest's complaint at level B1, with one gentle correction.",
        },
        {
          image: "/images/projects/screens/marbella-academy-insights",
          alt: "The teacher's class insights for a B1 group, with handling a complaint and explaining the bill as the hardest scenes, bars for each scene's success rate and a suggestion for the next lesson",
          caption: "The teacher's briefing before class: which scenes the group found hardest this week.",
        },
      ],
      results: [
        { value: "83%", label: "course completion, up from 64%, over the first two intakes" },
        { value: "40", label: "hotel and restaurant scenes written with the teachers" },
        { value: "2", label: "languages, Spanish and English, at levels A2 to B2" },
      ],
      stack: [
        "React Native",
        "TypeScript",
        "Node.js API",
        "PostgreSQL",
        "GPT-4o mini in an EU region",
        "Azure speech services for pronunciation hints",
      ],
      quote: {
        text: "Our students used to meet their first difficult guest at work. Now they have met a hundred of them on their phone before the course ends, and they stay to the end.",
        by: "Lucía Moreno",
        role: "Director of studies, Marbella Academy",
      },
    },
  },
  {
    slug: "juristfirma-iverstrom",
    title: "Juristfirma Iverström",
    client: "Law firm, Gothenburg",
    year: 2025,
    tags: ["Legal", "Automation", "Client intake"],
    description: "A client-intake assistant and document drafting workflow for a family-law firm, in Swedish and English.",
    image: "/images/projects/juristfirma-iverstrom",
    alt: "Illustration of a law office desk with a document being drafted and an intake form on a tablet",
    outcome: "Intake calls shortened by half; first drafts of standard documents ready in minutes instead of hours.",
    summary: [
      "Juristfirma Iverström handles family-law matters where the first conversation is stressful for the client and time-consuming for the lawyer, and where most initial documents follow well-known templates.",
      "We built a calm, guided intake that collects the facts before the first meeting, and a drafting workflow that fills the firm's own templates from those facts. Every draft is reviewed by a lawyer, and nothing leaves the firm's Swedish hosting.",
    ],
    features: [
      "Guided intake in Swedish and English, written with the lawyers",
      "Drafts based only on the firm's own templates",
      "Lawyer review and sign-off on every document",
      "Hosting in Sweden, with access logs for every file",
    ],
    cta: contactCta,
    caseStudy: {
      facts: [
        { label: "Timeline", value: "13 weeks" },
        { label: "Team", value: "2 engineers, 1 designer, two of the firm's lawyers" },
        { label: "Hosting", value: "In Sweden, with access logs" },
      ],
      problem: [
        "A family-law client's first call with the firm lasted about an hour, and most of it went on facts: names, dates, children, income, housing. Clients in the middle of a separation found it hard to get through, and lawyers spent evenings turning their notes into the first documents.",
        "Those first documents, agreements on custody, residence and contact and the forms that go with them, follow the firm's own templates closely, yet each one took two to three hours to draft by hand.",
      ],
      approach: [
        {
          title: "Write the intake with the lawyers",
          text: "Two of the firm's lawyers wrote every question with us, in plain Swedish and English, with a short explanation of why it is asked.",
        },
        {
          title: "Let the client pause",
          text: "The intake saves every answer, can be left and resumed, and never asks for something the client has already said.",
        },
        {
          title: "Only the firm's templates",
          text: "Drafts are built by filling the firm's own templates from the intake; the model chooses clauses and wording, never invents new ones, and marks every filled field.",
        },
        {
          title: "Keep it in Sweden",
          text: "Hosting, storage and the language model run in Sweden, and every opening of a file is logged for the firm's records.",
        },
      ],
      screens: [
        {
          image: "/images/projects/screens/juristfirma-iverstrom-intake",
          alt: "A tablet showing step 3 of 5 of the intake in Swedish, about the children, with two children entered, a question about where they live now, a note explaining why the firm asks, and a button to save and continue later",
          caption: "The client's intake: one calm step at a time, with the reason for every question.",
        },
        {
          image: "/images/projects/screens/juristfirma-iverstrom-draft",
          alt: "A draft agreement on custody, residence and contact with the fields filled from the intake highlighted, beside the lawyer's review panel listing the filled fields, one marked to be checked, and a button to sign the draft off as reviewed",
          caption: "The lawyer's review: a draft from the firm's own template, every filled field marked for checking.",
        },
      ],
      results: [
        { value: "−50%", label: "length of the first intake call" },
        { value: "8 min", label: "median time to a first draft, down from two to three hours" },
        { value: "100%", label: "of drafts reviewed and signed off by a lawyer" },
      ],
      stack: [
        "TypeScript",
        "React Router",
        "PostgreSQL",
        "A Swedish-hosted open-weight language model",
        "docx templates filled on the server",
      ],
      quote: {
        text: "Clients arrive at the first meeting having told their story once, at their own pace. We spend the meeting on advice, and the first draft is waiting for us to review.",
        by: "Maria Iverström",
        role: "Founding partner, Juristfirma Iverström",
      },
    },
  },
];
