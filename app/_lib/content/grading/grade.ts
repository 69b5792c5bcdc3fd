// One entry point for every question type; the response's type must match the question's.
import type { Question } from '../schemas/quiz';
import { gradeClassify } from './classify';
import { gradeMultiple, gradeSingle } from './choice';
import { gradeNumeric } from './numeric';
import { gradeOrdering } from './ordering';
import type { QuestionResponse } from './responses';
import { gradeShort } from './short';
import { gradeTrueFalse } from './truefalse';
import { wrongShape, type Grade } from './types';

export function gradeQuestion(question: Question, response: QuestionResponse): Grade {
  switch (question.type) {
    case 'single':
      return response.type === 'single' ? gradeSingle(question, response) : wrongShape();
    case 'predict':
      return response.type === 'predict' ? gradeSingle(question, response) : wrongShape();
    case 'multiple':
      return response.type === 'multiple' ? gradeMultiple(question, response) : wrongShape();
    case 'truefalse':
      return response.type === 'truefalse' ? gradeTrueFalse(question, response) : wrongShape();
    case 'ordering':
      return response.type === 'ordering' ? gradeOrdering(question, response) : wrongShape();
    case 'numeric':
      return response.type === 'numeric' ? gradeNumeric(question, response) : wrongShape();
    case 'short':
      return response.type === 'short' ? gradeShort(question, response) : wrongShape();
    case 'classify':
      return response.type === 'classify' ? gradeClassify(question, response) : wrongShape();
  }
}
