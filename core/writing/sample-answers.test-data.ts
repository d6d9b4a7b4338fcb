/**
 * Six answers written for the tests of the Writing measures (issue 38, "Done when"), in a
 * learner's English, each with the figures a reader works out from its text. How they were
 * worked out: words counted as the rule says (each stretch between spaces with a letter or a
 * digit in it), sentence by sentence as divided by hand; paragraphs and sentences by reading;
 * copied runs, misspellings, doubled words, wrong articles and linking phrases by reading, each
 * listed below in the order it comes; distinct words by listing the words in lower case with
 * their marks left out, outside any copied run. MTLD alone was not worked out by hand: its
 * figure comes from a separate implementation of McCarthy and Jarvis's algorithm (a short Python
 * script), the small example in lexical-variety.test.ts being the one checked by hand.
 * The prompts are our own, as the site's sample tasks are.
 */
import type { LinkingGroup } from "./linking-words.ts";

export interface SampleAnswer {
  /** What the answer is there to show. */
  shows: string;
  kind: "academic-task-1" | "general-task-1" | "task-2";
  prompt: string;
  minimumWords: number;
  text: string;
  expected: {
    words: number;
    counted: number;
    /** The copied runs as they stand in the text. */
    copied: string[];
    underLength: string | null;
    paragraphs: number;
    sentences: number;
    longestSentenceWords: number;
    averageSentenceWords: number;
    misspelled: string[];
    /** Each doubled pair as it stands in the text. */
    repeated: string[];
    /** Each wrong article: "written → wanted, before the next word". */
    articles: string[];
    /** The linking phrases of each group, in the order they come. */
    linking: Record<LinkingGroup, string[]>;
    overused: string[];
    distinctWordsPer100: number;
    mtld: number;
  };
}

const noLinking: Record<LinkingGroup, string[]> = {
  adding: [],
  contrasting: [],
  "cause-and-effect": [],
  examples: [],
  order: [],
  concluding: [],
};

/** Task 2: working from home. */
const WORKING_FROM_HOME = `In many cities, people now work from home for part of the week instead of travelling to an office every day. Do the advantages of working from home outweigh the disadvantages?`;

/** Task 2: music at school. */
const MUSIC_AT_SCHOOL = `Some people think that every child should learn to play a musical instrument at school, while others believe this time is better spent on academic subjects such as maths and science. Discuss both views and give your own opinion.`;

/** General Training Task 1: a letter of complaint to a hotel. */
const HOTEL_LETTER = `You recently stayed at a hotel and were not happy with your stay. Write a letter to the manager of the hotel. In your letter

- describe what went wrong
- explain how this affected your stay
- say what you would like the manager to do

Begin your letter as follows: *Dear Sir or Madam,*`;

/** Academic Task 1: a bar chart of households' transport. */
const HOUSEHOLD_TRANSPORT = `The chart below shows the percentage of households in one country that owned a car, a bicycle and an electric scooter in 2000, 2010 and 2020.

Summarise the information by selecting and reporting the main features, and make comparisons where relevant.`;

export const SAMPLE_ANSWERS: Record<string, SampleAnswer> = {
  underLength: {
    shows: "an answer under the task's minimum",
    kind: "task-2",
    prompt: WORKING_FROM_HOME,
    minimumWords: 250,
    text: `Working from home has become very common in my country, especially after the pandemic. In my opinion, the advantages of this way of working are bigger than the disadvantages.

Firstly, people save a lot of time because they do not need to travel to the office. For example, my brother used to spend two hours on the bus every day, but now he can use this time for sport or for his family. Moreover, companies can save money on rent and electricity.

On the other hand, some workers feel lonely when they stay at home all week. They miss their colleagues and it is harder to ask a quick question. Also, not everyone has a quiet room for working, especially young people who share a flat with friends.

In conclusion, I believe that working from home is a positive change, although it is not suitable for every person. Companies should let employees choose how many days they want to come to the office.`,
    expected: {
      words: 163,
      counted: 163,
      copied: [],
      underLength: "Under length: 163 of 250 words",
      paragraphs: 4,
      sentences: 10,
      longestSentenceWords: 27,
      averageSentenceWords: 16.3,
      misspelled: [],
      repeated: [],
      articles: [],
      linking: {
        ...noLinking,
        adding: ["moreover", "also"],
        contrasting: ["on the other hand", "although"],
        "cause-and-effect": ["because"],
        examples: ["for example"],
        order: ["firstly"],
        concluding: ["in conclusion"],
      },
      overused: [],
      distinctWordsPer100: 68.1,
      mtld: 120.72,
    },
  },
  copyingThePrompt: {
    shows: "an answer that copies the prompt, which takes it under length",
    kind: "task-2",
    prompt: WORKING_FROM_HOME,
    minimumWords: 250,
    text: `In many cities, people now work from home for part of the week instead of travelling to an office every day. I think the advantages of working from home outweigh the disadvantages, and I will explain why in this essay.

The main benefit is time. A worker who lives far from the centre can lose ten or twelve hours a week in traffic jams, which is almost a whole working day. When he works at home, he can start earlier, finish earlier and still have energy for his children in the evening. In addition, he spends less money on petrol, train tickets and lunches in expensive cafes.

Another advantage is for the environment. If thousands of employees stay at home two or three days a week, there are fewer cars on the roads and the air in the city becomes cleaner. Companies can also rent smaller offices, because not all the staff are there at the same time. Moreover, the city does not need to build so many new roads and car parks.

However, there are some disadvantages too. Young employees learn a lot by watching experienced colleagues, and this is difficult through a computer screen. For example, my cousin works for a bank and she says that she feels lonely on the days when she does not see anybody. Some people also find it hard to stop working in the evening when their office is in the bedroom.

To sum up, although working from home is not perfect, I am convinced that its benefits are greater than its problems. Employers should give workers the choice, and they should organise some days when the whole team meets in person.`,
    expected: {
      words: 279,
      counted: 249,
      copied: [
        "In many cities, people now work from home for part of the week instead of travelling to an office every day",
        "the advantages of working from home outweigh the disadvantages",
      ],
      underLength: "Under length: 249 of 250 words",
      paragraphs: 5,
      sentences: 16,
      longestSentenceWords: 28,
      averageSentenceWords: 17.4,
      misspelled: [],
      repeated: [],
      articles: [],
      linking: {
        ...noLinking,
        adding: ["in addition", "also", "moreover", "also"],
        contrasting: ["however", "although"],
        "cause-and-effect": ["because"],
        examples: ["for example"],
        concluding: ["to sum up"],
      },
      overused: [],
      distinctWordsPer100: 62.7,
      mtld: 128.06,
    },
  },
  britishSpelling: {
    shows:
      "British spelling (favourite, organised, centre, programme, colour, behaviour, practise)",
    kind: "task-2",
    prompt: MUSIC_AT_SCHOOL,
    minimumWords: 250,
    text: `Music is part of every culture, but schools have limited time and many subjects to teach. Some people say that each child must learn an instrument, while others prefer more lessons of maths and science. In this essay I will discuss both views.

On the one hand, learning an instrument has many benefits. Children who practise the piano or the violin every day learn patience and discipline, and they often behave better in class. My favourite teacher at primary school organised a small orchestra, and even the shy pupils felt proud when we played at the town centre for our neighbours. Moreover, scientists recognise that music helps the brain to develop. In addition, playing music together teaches children to listen to each other.

On the other hand, academic subjects are necessary for a good career. Parents worry that their sons and daughters will not pass important exams if they spend hours on music. Furthermore, instruments are expensive, and poor families cannot afford them. Many pupils already have a lot of homework, and they need time to rest and see their friends. For these people, a programme of extra maths lessons seems more useful.

In my opinion, schools should offer music to everyone but not make it compulsory after the age of twelve. Young children can try different instruments and find the one they like, and older students can choose whether to continue. Travelling musicians could also visit schools and show pupils the colour and energy of live music. In this way, the timetable stays balanced and the behaviour of the children improves.`,
    expected: {
      words: 262,
      counted: 262,
      copied: [],
      underLength: null,
      paragraphs: 4,
      sentences: 17,
      longestSentenceWords: 27,
      averageSentenceWords: 15.4,
      misspelled: [],
      repeated: [],
      articles: [],
      linking: {
        ...noLinking,
        adding: ["moreover", "in addition", "furthermore", "also"],
        contrasting: ["on the other hand"],
      },
      overused: [],
      distinctWordsPer100: 64.9,
      mtld: 150.31,
    },
  },
  americanSpelling: {
    shows:
      'American spelling (favorite, organized, center, program, behavior, analyzed), and "also" overused',
    kind: "task-2",
    prompt: MUSIC_AT_SCHOOL,
    minimumWords: 250,
    text: `Nowadays there is a debate about whether music lessons are a good use of school time. While some people think every child should play an instrument, others believe that maths and science are more important. It is a difficult question.

People who support music lessons have strong arguments. When children practice an instrument, they learn to concentrate and to work in a team. It also teaches them that hard work brings results. For instance, my favorite memory from school is a concert that our class organized at the community center. We analyzed each song together and we were surprised by our own progress. Teachers also recognize that students with a hobby have better behavior.

However, there are reasons to focus on academic subjects. Jobs in technology and medicine need strong skills in maths, and the competition for university places is hard. Some parents think that a music program takes time from these subjects. They also say that children can learn music outside school if they really want to. In addition, a good instrument can cost as much as a month's salary, so not every family can buy one.

Personally, I believe that both kinds of learning are valuable. Schools don't have to choose one or the other, because one or two hours of music a week is enough. Traveling orchestras can give free concerts, and the school can lend instruments to children from poor families. Therefore, I think music should stay in the timetable, but maths and science should keep most of the hours.`,
    expected: {
      words: 254,
      counted: 254,
      copied: [],
      underLength: null,
      paragraphs: 4,
      sentences: 18,
      longestSentenceWords: 20,
      averageSentenceWords: 14.1,
      misspelled: [],
      repeated: [],
      articles: [],
      linking: {
        ...noLinking,
        adding: ["also", "also", "also", "in addition"],
        contrasting: ["however"],
        "cause-and-effect": ["because", "therefore"],
        examples: ["for instance"],
      },
      overused: ["also"],
      distinctWordsPer100: 60.6,
      mtld: 127,
    },
  },
  misspellingsAndDoubledWords: {
    shows: "misspellings, doubled words and wrong articles in a letter, with names left alone",
    kind: "general-task-1",
    prompt: HOTEL_LETTER,
    minimumWords: 150,
    text: `Dear Sir or Madam,

I am writing to complain about my stay at the Riverside Hotel from 3 to 6 May. I was very dissapointed with the the service and the condition of my room.

When I arrived, I had to wait for a hour because the room was not ready. The receptionist said that there was was a problem with the computer system. Then I found that the shower did not work and the accomodation smelled of smoke, even though I had asked for a non-smoking room. I called the reception three times but nobody came untill the next morning.

Because of this, I could not sleep well and I was tired during an business meeting wich was the reason for my trip. I definately expected more from a four-star hotel.

I would like you to return half of the money I paid, which was 420 euros. I also think your staff should recieve better training, so other guests do not have the same experience.

I look forward to hearing from you.

Yours faithfully,
Maria Kowalczyk`,
    expected: {
      words: 177,
      counted: 177,
      copied: [],
      underLength: null,
      paragraphs: 7,
      sentences: 14,
      longestSentenceWords: 24,
      averageSentenceWords: 12.6,
      misspelled: ["dissapointed", "accomodation", "untill", "wich", "definately", "recieve"],
      repeated: ["the the", "was was"],
      articles: ["a \u2192 an, before hour", "an \u2192 a, before business"],
      linking: {
        ...noLinking,
        adding: ["also"],
        contrasting: ["even though"],
        "cause-and-effect": ["because", "because"],
        order: ["then"],
      },
      overused: [],
      distinctWordsPer100: 65.5,
      mtld: 100.23,
    },
  },
  academicTask1: {
    shows: "an Academic Task 1 report with figures, abbreviations and hyphenated words",
    kind: "academic-task-1",
    prompt: HOUSEHOLD_TRANSPORT,
    minimumWords: 150,
    text: `The bar chart compares the proportion of households in one country which owned three types of transport, e.g. cars, bicycles and electric scooters, in 2000, 2010 and 2020.

Overall, car ownership was the highest in all three years, whereas electric scooters were rare until the last year of the period. Bicycle ownership fluctuated, but it was always in second place.

In 2000, 68% of households had a car and just over half (52%) owned a bicycle. Only 1% had an electric scooter. Ten years later, the figure for cars rose slightly to 72%, while the percentage of families with a bicycle fell to 45%. Scooter ownership stayed very low at 3%.

By 2020, the situation had changed considerably. The share of households with a car dropped back to 65%, and bicycle ownership recovered to 49%. In contrast, the proportion owning an e-scooter increased almost tenfold, reaching 28%, which is about 3.5 million homes. This was the biggest change shown in the chart. Meanwhile, the number of households without any of these vehicles remained small throughout the period.`,
    expected: {
      words: 177,
      counted: 177,
      copied: [],
      underLength: null,
      paragraphs: 4,
      sentences: 12,
      longestSentenceWords: 28,
      averageSentenceWords: 14.8,
      misspelled: [],
      repeated: [],
      articles: [],
      linking: {
        ...noLinking,
        contrasting: ["whereas", "in contrast"],
        examples: ["e.g."],
        order: ["meanwhile"],
        concluding: ["overall"],
      },
      overused: [],
      distinctWordsPer100: 62.7,
      mtld: 83.08,
    },
  },
};
