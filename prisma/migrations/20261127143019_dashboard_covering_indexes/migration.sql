-- DropIndex
DROP INDEX "LabAttempt_labId_passed_idx";

-- DropIndex
DROP INDEX "LabAttempt_userId_labId_idx";

-- DropIndex
DROP INDEX "QuizAttempt_courseId_quizId_questionId_idx";

-- DropIndex
DROP INDEX "QuizAttempt_userId_courseId_quizId_idx";

-- CreateIndex
CREATE INDEX "LabAttempt_userId_labId_createdAt_passed_idx" ON "LabAttempt"("userId", "labId", "createdAt", "passed");

-- CreateIndex
CREATE INDEX "LabAttempt_labId_userId_passed_hintsUsed_idx" ON "LabAttempt"("labId", "userId", "passed", "hintsUsed");

-- CreateIndex
CREATE INDEX "LabAttempt_labId_createdAt_id_idx" ON "LabAttempt"("labId", "createdAt", "id");

-- CreateIndex
CREATE INDEX "QuizAttempt_userId_courseId_quizId_correct_createdAt_idx" ON "QuizAttempt"("userId", "courseId", "quizId", "correct", "createdAt");

-- CreateIndex
CREATE INDEX "QuizAttempt_question_learner_time_idx" ON "QuizAttempt"("courseId", "quizId", "questionId", "userId", "createdAt", "id", "correct");

-- CreateIndex
CREATE INDEX "QuizAttempt_question_response_idx" ON "QuizAttempt"("courseId", "quizId", "questionId", "response", "correct", "misconceptions", "userId");
